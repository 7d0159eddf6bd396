import { formatMoney, type Hold, type Transaction, type TransactionDetail } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { conflict, invalid, notFound } from '../../lib/errors';
import { MONEY_MSG, MSG } from '@devmarket/contract';
import { type CounterpartyRow, escrowRepo, getBalances, type TransactionRow, transactionsRepo } from '../ledger';
import { confirmDeposit } from './deposits.service';
import { failWithdrawal, payoutWithdrawal } from './withdrawals.service';

export function toTransaction(t: TransactionRow, counterparty: CounterpartyRow = null): Transaction {
  return {
    id: t.id,
    type: t.type,
    status: t.status,
    currency: t.currency,
    amount: formatMoney(t.amount),
    address: t.address,
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
    expiresAt: t.status === 'Pending' ? (t.expiresAt?.toISOString() ?? null) : null,
    taskID: t.taskId,
    projectID: t.projectId,
    description: t.description,
    // A left join of no row gives an object of nulls.
    counterparty: counterparty?.id ? counterparty : null,
    confirmations: t.confirmations,
    confirmationsRequired: t.confirmationsRequired,
    txHash: t.txHash,
  };
}

/** EXPLORER_TX_URL with `{hash}` filled in (DESIGN §12). */
export const explorerUrl = (template: string | undefined, hash: string | null) =>
  template && hash ? template.replaceAll('{hash}', hash) : null;

export async function getBalance(ctx: AppContext, userId: string) {
  const { available, held } = await getBalances(ctx.db, userId);
  return { balance: formatMoney(available), held: formatMoney(held) };
}

/** GET /user/holds (DESIGN §8): what the caller has in escrow, and for which task. */
export async function getHolds(ctx: AppContext, userId: string): Promise<Hold[]> {
  const rows = await escrowRepo.listHeld(ctx.db, userId);
  return rows.map((h) => ({
    taskID: h.task_id,
    identifier: h.identifier,
    summary: h.summary,
    projectID: h.project_id,
    projectName: h.project_name,
    amount: formatMoney(h.amount),
    since: new Date(h.since).toISOString(),
  }));
}

export async function listTransactions(ctx: AppContext, userId: string, page: number, limit: number) {
  const { rows, total } = await transactionsRepo.listForUser(ctx.db, userId, page, limit);
  return { items: rows.map((r) => toTransaction(r.t, r.counterparty)), total };
}

/** One transaction: its owner (or staff) only; anyone else gets 404, as if it did not exist. */
export async function getTransaction(
  ctx: AppContext,
  viewer: { id: string; isStaff: boolean },
  id: string,
): Promise<TransactionDetail> {
  const row = await transactionsRepo.detail(ctx.db, id);
  if (!row || (row.t.userId !== viewer.id && !viewer.isStaff)) throw notFound('Transaction not found');
  return {
    ...toTransaction(row.t, row.counterparty),
    failureReason: row.t.failureReason,
    explorerUrl: explorerUrl(ctx.config.explorerTxUrl, row.t.txHash),
    task: row.task?.id ? row.task : null,
    project: row.project?.id ? row.project : null,
  };
}

export async function balanceHistory(ctx: AppContext, userId: string) {
  const points = await transactionsRepo.balanceHistory(ctx.db, userId);
  return points.map((p) => ({ date: p.date.toISOString(), balance: formatMoney(p.balance) }));
}

/** Staff: complete a pending deposit with the amount received (USDT), or pay a withdrawal out now. */
export async function staffComplete(ctx: AppContext, id: string, amount: bigint | undefined): Promise<void> {
  const t = await transactionsRepo.find(ctx.db, id);
  if (!t) throw notFound('Transaction not found');
  if (t.status !== 'Pending') throw conflict(MONEY_MSG.notPending);
  // Each path below re-checks Pending under the transaction's row lock: of concurrent staff
  // actions on one transaction exactly one succeeds, the others answer 409.
  if (t.type === 'Deposit') {
    if (amount === undefined) throw invalid({ amount: MSG.required });
    await confirmDeposit(ctx, id, amount);
  } else if (t.type === 'Withdrawal') {
    await payoutWithdrawal(ctx, id, { byStaff: true });
  } else {
    throw conflict(MONEY_MSG.notPending);
  }
}

/** Staff: fail a pending deposit (nothing moves) or withdrawal (its hold is released). */
export async function staffFail(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const t = await transactionsRepo.lock(tx, id);
    if (!t) throw notFound('Transaction not found');
    if (t.status !== 'Pending') throw conflict(MONEY_MSG.notPending);
    if (t.type === 'Withdrawal') return failWithdrawal(tx, t, 'Cancelled by staff');
    await transactionsRepo.markFailed(tx, id, 'Cancelled by staff');
  });
}

export async function listByStatus(ctx: AppContext, status: TransactionRow['status']) {
  const rows = await transactionsRepo.listByStatus(ctx.db, status);
  return rows.map((r) => ({ ...toTransaction(r.t, r.counterparty), failureReason: r.t.failureReason, user: r.user }));
}
