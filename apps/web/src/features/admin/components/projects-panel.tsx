/** Staff console panel: Verify and feature projects (projects issue). */
export function ProjectsPanel() {
  return null;
}
