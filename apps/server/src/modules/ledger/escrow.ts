import type { Tx } from '../../db/client';

/**
 * The seam between tasks and money (DESIGN §4 escrow). The tasks module calls these inside the
 * database transaction that changes the task; the money issue implements them on the ledger.
 */

/** A priced task got an assignee: hold its price from the owner's available balance (422/409 when short). */
export async function holdTaskEscrow(
  _tx: Tx,
  _input: { taskId: string; ownerId: string; amount: bigint },
): Promise<void> {}

/** The task moved to Complete: pay the held amount to the assignee, exactly once. */
export async function payTaskEscrow(
  _tx: Tx,
  _input: { taskId: string; assigneeId: string; projectId: string },
): Promise<{ paid: bigint } | null> {
  return null;
}

/** The task or its project is deleted: release any hold back to the owner. */
export async function releaseTaskEscrow(_tx: Tx, _taskId: string): Promise<void> {}
