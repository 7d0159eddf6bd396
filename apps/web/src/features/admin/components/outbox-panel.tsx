/** Staff console panel: Mail outbox (accounts issue). */
export function OutboxPanel() {
  return null;
}
