/** Staff console panel: Pending transactions (money issue). */
export function TransactionsPanel() {
  return null;
}
