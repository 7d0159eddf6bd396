import type { AdminDispute, AdminDisputeDetail } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { messagesBetween } from '../messages';
import { type DisputeListRow, disputesRepo } from './disputes.repo';
import { tasksRepo } from './tasks.repo';
import { formatMoney } from '@devmarket/contract';

const iso = (v: Date | string) => new Date(v).toISOString();

function toAdminDispute(d: DisputeListRow): AdminDispute {
  return {
    id: d.id,
    openedBy: d.opened_by,
    reason: d.reason,
    status: d.status,
    outcome: d.outcome,
    amount: d.amount === null ? null : formatMoney(d.amount),
    createdAt: iso(d.created_at),
    resolvedAt: d.resolved_at === null ? null : iso(d.resolved_at),
    taskID: d.task_id,
    identifier: d.identifier,
    summary: d.summary,
    price: d.price === null ? null : formatMoney(d.price),
    projectID: d.project_id,
    projectName: d.project_name,
    owner: d.owner,
    assignee: d.assignee,
  };
}

/** Staff: disputes of one status (DESIGN §8 `GET /admin/disputes`). */
export async function listDisputes(ctx: AppContext, status: 'Open' | 'Resolved'): Promise<AdminDispute[]> {
  return (await disputesRepo.list(ctx.db, { status })).map(toAdminDispute);
}

/** Staff: one dispute with the task's comments and files and the messages between the two parties. */
export async function getDispute(ctx: AppContext, id: string): Promise<AdminDisputeDetail> {
  const [row] = await disputesRepo.list(ctx.db, { id });
  if (!row) throw notFound('Dispute not found');
  const detail = await tasksRepo.findDetail(ctx.db, { id: row.task_id });
  if (!detail) throw notFound('Dispute not found');
  const [Files, Activities, messages] = [
    await tasksRepo.files(ctx.db, row.task_id),
    await tasksRepo.activities(ctx.db, row.task_id),
    await messagesBetween(ctx, row.owner.id, row.assignee.id),
  ];
  return { ...toAdminDispute(row), task: { ...detail, Files, Activities }, messages };
}
