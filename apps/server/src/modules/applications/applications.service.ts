import { type Application, ERROR_CODES, PROJECT_MSG } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { notifyApplicationReceived } from '../notifications';
import { toMemberUser } from '../projects';
import { projectsRepo } from '../projects';
import { loadOwnedProject, loadVisibleProject } from '../projects';
import { publishAfterCommit } from '../realtime';
import { applicationsRepo } from './applications.repo';

/** A developer applies once to a project they can see and are not on (spec §4; 409/10424 the second time). */
export async function apply(ctx: AppContext, user: AuthUser, projectId: string, message: string) {
  const { project, role } = await loadVisibleProject(ctx.db, { id: projectId }, user);
  if (user.type !== 'Developer') throw forbidden('Only developers can apply to projects');
  if (role) throw conflict('You are already a member of this project');
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await applicationsRepo.insertIfNew(tx, { projectId: project.id, userId: user.id, message });
    if (!inserted) throw conflict(PROJECT_MSG.alreadyApplied, ERROR_CODES.alreadyApplied);
    await notifyApplicationReceived(tx, project.id, user.id, message);
    return inserted;
  });
  await publishAfterCommit(ctx, {
    type: 'application',
    userIds: [project.ownerId],
    data: { projectID: project.id, applicationID: row.id },
  });
  return { id: row.id };
}

export async function hasApplied(ctx: AppContext, user: AuthUser, projectId: string) {
  const { project } = await loadVisibleProject(ctx.db, { id: projectId }, user);
  return { hasApplied: await projectsRepo.hasApplied(ctx.db, project.id, user.id) };
}

/** Pending applications, oldest first (owner only). */
export async function listApplicants(ctx: AppContext, user: AuthUser, projectId: string): Promise<Application[]> {
  await loadOwnedProject(ctx.db, projectId, user);
  const rows = await applicationsRepo.pendingWithUsers(ctx.db, projectId);
  return rows.map(({ a, u }) => ({
    id: a.id,
    projectID: a.projectId,
    userID: a.userId,
    message: a.message,
    createdAt: a.createdAt.toISOString(),
    user: toMemberUser(u),
  }));
}

export async function ignoreApplication(ctx: AppContext, user: AuthUser, projectId: string, applicationId: string) {
  await loadOwnedProject(ctx.db, projectId, user);
  if (!(await applicationsRepo.ignorePending(ctx.db, projectId, applicationId))) {
    throw notFound('Application not found');
  }
}
