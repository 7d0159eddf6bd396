/** Staff console panel: Developers awaiting review (accounts issue). */
export function DevelopersPanel() {
  return null;
}
