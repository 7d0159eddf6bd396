import type { AppContext } from '../../context';
import { notifyTask } from '../notifications';
import { completeAndPay, lockTaskForChange, publishAndRead } from './task-steps';
import { tasksRepo } from './tasks.repo';

type Payload = Record<string, unknown>;
const readPayload = (p: Payload) => {
  if (typeof p.taskId !== 'string' || typeof p.deadline !== 'string') throw new Error('review job without its task');
  return { taskId: p.taskId, deadline: p.deadline };
};

const isCurrent = (row: { stage: string; review_deadline: Date | string | null }, deadline: string) =>
  row.stage === 'Review' && row.review_deadline !== null && new Date(row.review_deadline).toISOString() === deadline;

/**
 * The review window ended (job): pays the task as the owner would have, exactly once. Nothing
 * happens when the task left Review, got a new deadline, or is in dispute (its hold is frozen).
 */
export async function autoRelease(ctx: AppContext, payload: Payload): Promise<void> {
  const { taskId, deadline } = readPayload(payload);
  if (new Date(deadline).getTime() > Date.now()) throw new Error('auto-release ran before its deadline');
  const projectId = await ctx.db.transaction(async (tx) => {
    const row = await lockTaskForChange(tx, taskId).catch(() => null);
    if (!row || !isCurrent(row, deadline) || row.open_dispute_id) return null;
    await completeAndPay(tx, row, null, 'auto-release');
    return row.project_id;
  });
  if (projectId) await publishAndRead(ctx, projectId, taskId);
}

/** A day before the window ends: the owner is told the task will be paid automatically (DESIGN §10). */
export async function autoReleaseNotice(ctx: AppContext, payload: Payload): Promise<void> {
  const { taskId, deadline } = readPayload(payload);
  const row = await tasksRepo.findSummary(ctx.db, taskId);
  if (row?.stage !== 'Review' || row.reviewDeadline !== deadline || row.dispute?.status === 'Open') return;
  await ctx.db.transaction((tx) => notifyTask(tx, 'task.auto_release_soon', taskId, null));
}
