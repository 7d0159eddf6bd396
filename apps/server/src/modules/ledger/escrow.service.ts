import { formatMoney, MONEY_MSG } from '@devmarket/contract';
import type { Tx } from '../../db/client';
import { invalid } from '../../lib/errors';
import { paymentDescription } from './descriptions';
import { escrowRepo } from './escrow.repo';
import { accountId } from './ledger.repo';
import { InsufficientFunds, postJournal, postJournals } from './ledger.service';
import { transactionsRepo } from './transactions.repo';

/**
 * The seam between tasks and money (DESIGN §4 escrow). The tasks module calls these inside the
 * database transaction that changes the task, so the task and its money move together or not at all.
 */

/** A priced task got an assignee: hold its price from the owner's available balance (422 on price when short). */
export async function holdTaskEscrow(
  tx: Tx,
  input: { taskId: string; ownerId: string; amount: bigint },
): Promise<void> {
  const { taskId, ownerId, amount } = input;
  if (amount <= 0n) return;
  const existing = await escrowRepo.lockHold(tx, taskId);
  if (existing && existing.status !== 'released') return; // already held (or paid): holding twice is a no-op
  const available = await accountId(tx, ownerId, 'user_available');
  const held = await accountId(tx, ownerId, 'user_held');
  try {
    await postJournal(tx, {
      kind: 'escrow-hold',
      taskId,
      postings: [
        { accountId: available, amount: -amount },
        { accountId: held, amount },
      ],
    });
  } catch (err) {
    if (err instanceof InsufficientFunds) throw invalid({ price: MONEY_MSG.escrowShort(formatMoney(err.available)) });
    throw err;
  }
  await escrowRepo.recordHeld(tx, { taskId, ownerId, amount });
}

export type SettleInput = {
  taskId: string;
  assigneeId: string;
  projectId: string;
  /** The assignee's share; the whole hold when absent (completion, auto-release, release). */
  share?: bigint;
  /** The payment rows' description; "Payment for <identifier> <summary>" when absent. */
  description?: string;
};

/**
 * Settles a task's hold, exactly once: the assignee's share is paid (the owner's Payment-Out, the
 * assignee's Payment-In) and any rest goes back to the owner's available balance. The hold row is
 * locked first, so concurrent or repeated settlements wait and then find it settled (null).
 */
export async function settleTaskEscrow(tx: Tx, input: SettleInput): Promise<{ paid: bigint } | null> {
  const { taskId, assigneeId, projectId } = input;
  const hold = await escrowRepo.lockHold(tx, taskId);
  if (hold?.status !== 'held') return null;
  const share = input.share ?? hold.amount;
  if (share < 0n || share > hold.amount) throw new Error(`share ${share} outside the hold of task ${taskId}`);
  const rest = hold.amount - share;
  const description = input.description ?? paymentDescription(await escrowRepo.taskTitle(tx, taskId));
  const ownerHeld = await accountId(tx, hold.ownerId, 'user_held');
  const now = new Date();
  if (share > 0n) {
    const platform = await accountId(tx, null, 'platform');
    const assigneeAvailable = await accountId(tx, assigneeId, 'user_available');
    const common = {
      status: 'Complete' as const,
      currency: 'USDT' as const,
      amount: share,
      taskId,
      projectId,
      completedAt: now,
      description,
    };
    const outId = await transactionsRepo.insert(tx, {
      ...common,
      userId: hold.ownerId,
      type: 'Payment-Out',
      counterpartyId: assigneeId,
    });
    const inId = await transactionsRepo.insert(tx, {
      ...common,
      userId: assigneeId,
      type: 'Payment-In',
      counterpartyId: hold.ownerId,
    });
    // Owner held → platform clearing → assignee available: one journal per user-visible transaction.
    const posted = await postJournals(tx, [
      {
        kind: 'task-payment-out',
        transactionId: outId,
        taskId,
        idempotencyKey: `task-pay:${taskId}`,
        postings: [
          { accountId: ownerHeld, amount: -share },
          { accountId: platform, amount: share },
        ],
      },
      {
        kind: 'task-payment-in',
        transactionId: inId,
        taskId,
        idempotencyKey: `task-pay-in:${taskId}`,
        postings: [
          { accountId: platform, amount: -share },
          { accountId: assigneeAvailable, amount: share },
        ],
      },
    ]);
    if (!posted) throw new Error(`task ${taskId} was paid without its hold being marked paid`);
    await escrowRepo.countPayment(tx, { projectId, assigneeId, share });
  }
  if (rest > 0n) {
    await postJournal(tx, {
      kind: 'escrow-release',
      taskId,
      idempotencyKey: `escrow-rest:${taskId}`,
      postings: [
        { accountId: ownerHeld, amount: -rest },
        { accountId: await accountId(tx, hold.ownerId, 'user_available'), amount: rest },
      ],
    });
  }
  await escrowRepo.markSettled(tx, taskId, share > 0n ? 'paid' : 'released', now);
  return { paid: share };
}

/** Completion pays the whole hold to the assignee. */
export const payTaskEscrow = (tx: Tx, input: Omit<SettleInput, 'share'>) => settleTaskEscrow(tx, input);

/** The task is unassigned (or refunded by staff): its hold goes back to the owner's available balance. */
export async function releaseTaskEscrow(tx: Tx, taskId: string): Promise<void> {
  const hold = await escrowRepo.lockHold(tx, taskId);
  if (hold?.status !== 'held') return;
  await postJournal(tx, {
    kind: 'escrow-release',
    taskId,
    postings: [
      { accountId: await accountId(tx, hold.ownerId, 'user_held'), amount: -hold.amount },
      { accountId: await accountId(tx, hold.ownerId, 'user_available'), amount: hold.amount },
    ],
  });
  await escrowRepo.markReleasedIfHeld(tx, taskId);
}
