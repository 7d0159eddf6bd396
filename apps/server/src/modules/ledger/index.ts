/** The public face of the ledger module (balances, journals, holds): other modules import only this. */
export { getBalances, getMoneySummary } from './balances.repo';
export { depositDescription, disputeDescription, withdrawalDescription } from './descriptions';
export { holdTaskEscrow, payTaskEscrow, releaseTaskEscrow, settleTaskEscrow } from './escrow.service';
export { escrowRepo } from './escrow.repo';
export { checkLedger } from './ledger-check';
export { accountId } from './ledger.repo';
export { InsufficientFunds, postJournal } from './ledger.service';
export { type CounterpartyRow, type TransactionRow, transactionsRepo } from './transactions.repo';
