import { type Dashboard, formatMoney, type MyApplication } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { getBalances } from '../ledger';
import type { AuthUser } from '../../plugins/auth';
import { dashboardRepo } from './dashboard.repo';

const money = (micros: bigint | string | null) => (micros === null ? null : formatMoney(micros));
const project = (r: { projectId: string; projectName: string; projectHandle: string }) => ({
  id: r.projectId,
  name: r.projectName,
  handle: r.projectHandle,
});

export async function myApplications(ctx: AppContext, user: AuthUser): Promise<MyApplication[]> {
  return dashboardRepo.myApplications(ctx.db, user.id);
}

/** GET /dashboard: every section of the person's dashboard in one answer (DESIGN §10). */
export async function getDashboard(ctx: AppContext, user: AuthUser): Promise<Dashboard> {
  const balances = await getBalances(ctx.db, user.id);
  if (user.type === 'Developer') {
    const [tasks, invites, applications, earnings] = [
      await dashboardRepo.openTasks(ctx.db, user.id),
      await dashboardRepo.pendingInvites(ctx.db, user.id),
      await dashboardRepo.myApplications(ctx.db, user.id),
      await dashboardRepo.earningsThisMonth(ctx.db, user.id),
    ];
    return {
      kind: 'Developer',
      tasks: tasks.map((t) => ({
        id: t.id,
        identifier: t.identifier,
        summary: t.summary,
        stage: t.stage,
        price: money(t.price),
        dueDate: t.dueDate,
        project: project(t),
      })),
      invites: invites.map((i) => ({
        projectID: i.projectId,
        project: project(i),
        invitedBy: i.invitedBy,
        createdAt: i.createdAt,
      })),
      applications,
      earningsThisMonth: formatMoney(earnings),
      balance: formatMoney(balances.available),
    };
  }
  const [applicants, review, disputes, escrow] = [
    await dashboardRepo.applicantsWaiting(ctx.db, user.id),
    await dashboardRepo.tasksInReview(ctx.db, user.id),
    await dashboardRepo.openDisputes(ctx.db, user.id),
    await dashboardRepo.escrowHeld(ctx.db, user.id),
  ];
  return {
    kind: 'Client',
    applicants: applicants.map((a) => ({ project: project(a), count: a.count })),
    review: review.map((t) => ({
      id: t.id,
      identifier: t.identifier,
      summary: t.summary,
      price: money(t.price),
      project: project(t),
      assignee: t.assignee,
      reviewDeadline: t.reviewDeadline === null ? null : new Date(t.reviewDeadline).toISOString(),
    })),
    disputes: disputes.map((d) => ({
      id: d.id,
      taskID: d.taskId,
      identifier: d.identifier,
      summary: d.summary,
      reason: d.reason,
      project: project(d),
      createdAt: new Date(d.createdAt).toISOString(),
    })),
    escrowHeld: formatMoney(escrow),
    balance: formatMoney(balances.available),
  };
}
