import type { Executor } from '../../db/client';
import { ledgerCheckRepo } from './ledger-check.repo';

export type LedgerReport = { ok: boolean; problems: string[]; stats: Record<string, number> };

/** What each transaction must have done to its user's available and held accounts. */
function expected(type: string, status: string, amount: bigint): { available: bigint; held: bigint } {
  const zero = { available: 0n, held: 0n };
  // A failed or cancelled withdrawal's hold was released: nothing moved in the end.
  if (status === 'Failed' || status === 'Cancelled') return zero;
  if (type === 'Deposit') return status === 'Complete' ? { available: amount, held: 0n } : zero;
  if (type === 'Withdrawal')
    return status === 'Complete' ? { available: -amount, held: 0n } : { available: -amount, held: amount };
  if (type === 'Payment-Out') return { available: 0n, held: -amount };
  return { available: amount, held: 0n }; // Payment-In
}

/**
 * Proves the ledger over the whole database: journals balance, cached balances equal their
 * entries, no user balance is negative, every transaction's journals did exactly what its type
 * and status say, and held balances equal open escrow plus pending withdrawals.
 */
export async function checkLedger(exec: Executor): Promise<LedgerReport> {
  const problems: string[] = [];
  const unbalanced = await ledgerCheckRepo.unbalancedJournals(exec);
  for (const r of unbalanced) problems.push(`journal ${r.journal_id} sums to ${r.total}, not 0`);

  const empty = await ledgerCheckRepo.emptyJournals(exec);
  for (const r of empty) problems.push(`journal ${r.id} has no entries`);

  const drift = await ledgerCheckRepo.cachedBalanceDrift(exec);
  for (const r of drift)
    problems.push(`account ${r.id} (${r.kind}) caches ${r.balance} but its entries sum to ${r.total}`);

  const negative = await ledgerCheckRepo.negativeUserAccounts(exec);
  for (const r of negative) problems.push(`account ${r.id} (${r.kind}) is negative: ${r.balance}`);

  const [global] = await ledgerCheckRepo.ledgerTotal(exec);
  if (BigInt(global?.total ?? 0) !== 0n) problems.push(`all accounts sum to ${global?.total}, not 0`);

  const txs = await ledgerCheckRepo.transactionMovements(exec);
  for (const t of txs) {
    const want = expected(t.type, t.status, BigInt(t.amount));
    const needsJournal = t.status === 'Complete' || (t.status === 'Pending' && t.type === 'Withdrawal');
    if (needsJournal && t.journals === '0') problems.push(`${t.status} ${t.type} ${t.id} has no journal`);
    if (BigInt(t.available) !== want.available || BigInt(t.held) !== want.held) {
      problems.push(
        `${t.status} ${t.type} ${t.id} of ${t.amount} moved available ${t.available}, held ${t.held} (expected ${want.available}, ${want.held})`,
      );
    }
  }

  const held = await ledgerCheckRepo.heldAgainstObligations(exec);
  for (const r of held) {
    if (r.held !== r.expected)
      problems.push(`user ${r.user_id} holds ${r.held} but escrow + pending withdrawals are ${r.expected}`);
  }

  const pendingMany = await ledgerCheckRepo.usersWithManyPending(exec);
  for (const r of pendingMany) problems.push(`user ${r.user_id} has more than one pending transaction`);

  // A loop, not push(...list): a broken database can have more problems than a call has arguments.
  for (const p of await checkEscrow(exec)) problems.push(p);

  const [counts] = await ledgerCheckRepo.counts(exec);
  const stats = Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]));
  return { ok: problems.length === 0, problems, stats };
}

/**
 * DESIGN §8 self-checks: every open hold belongs to an assigned task that is not Complete, for its
 * price; every Complete priced task was paid exactly once (in full, or split by a resolved
 * dispute whose two parts sum to the hold); the cached public totals equal what the ledger says.
 */
async function checkEscrow(exec: Executor): Promise<string[]> {
  const problems: string[] = [];
  const badHolds = await ledgerCheckRepo.badOpenHolds(exec);
  for (const r of badHolds) problems.push(`open hold of task ${r.identifier ?? r.task_id} ${r.why}`);

  const payments = await ledgerCheckRepo.taskPayments(exec);
  for (const r of payments) {
    if (r.outs !== r.ins || Number(r.outs) > 1) {
      problems.push(`task ${r.identifier} was paid ${r.outs} times out and ${r.ins} times in (at most once each)`);
      continue;
    }
    if (r.stage !== 'Complete' || r.price === null) {
      problems.push(`task ${r.identifier} has a payment but is ${r.stage}${r.price === null ? ' with no price' : ''}`);
      continue;
    }
    if (r.outs === '0') {
      problems.push(`Complete priced task ${r.identifier} was never paid`);
      continue;
    }
    const price = BigInt(r.price);
    const expected = r.split === null ? price : BigInt(r.split);
    if (BigInt(r.paid) !== expected) {
      problems.push(`task ${r.identifier} paid ${r.paid} instead of ${expected}`);
    }
    if (r.split !== null && BigInt(r.split) + BigInt(r.rest) !== price) {
      problems.push(
        `split of task ${r.identifier}: ${r.split} paid and ${r.rest} returned do not sum to the hold ${price}`,
      );
    }
  }

  const spent = await ledgerCheckRepo.projectSpentDrift(exec);
  for (const r of spent) {
    problems.push(`project ${r.name} (${r.id}) caches total spent ${r.cached} but its payments sum to ${r.ledger}`);
  }

  const completed = await ledgerCheckRepo.tasksCompletedDrift(exec);
  for (const r of completed) {
    problems.push(`user ${r.id} caches ${r.cached} completed tasks but was paid for ${r.ledger}`);
  }
  return problems;
}
