/** The public face of the ledger module (balances, journals, holds): other modules import only this. */
export { getBalances, getMoneySummary } from './balances.repo';
export { depositDescription, disputeDescription, withdrawalDescription } from './descriptions';
export { holdTaskEscrow, payTaskEscrow, releaseTaskEscrow, settleTaskEscrow } from './escrow';
export { escrowRepo } from './escrow.repo';
export { checkLedger } from './ledger-check';
export { accountId, InsufficientFunds, postJournal } from './ledger.repo';
export { type CounterpartyRow, type TransactionRow, transactionsRepo } from './transactions.repo';
