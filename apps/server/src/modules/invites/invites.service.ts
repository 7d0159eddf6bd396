import type { Invite } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { applicationsRepo } from '../applications';
import { publishAfterCommit } from '../realtime';
import { threadsRepo } from '../messages';
import { invitesRepo } from './invites.repo';
import { notifyInviteReceived, notifyTeamAdded } from '../notifications';
import { toMemberUser } from '../projects';
import { projectsRepo } from '../projects';
import { loadOwnedProject, loadVisibleProject } from '../projects';
import { usersRepo } from '../users';

/**
 * POST /invites/projects/{id} (owner only, DESIGN §4): an applicant joins the team at once; anyone
 * else gets an invite, announced by a PROJECT_INVITE message in their thread with the owner.
 * Inviting someone already invited answers the same invite again (no second message).
 */
export async function inviteUser(ctx: AppContext, owner: AuthUser, projectId: string, userId: string) {
  const { project } = await loadOwnedProject(ctx.db, projectId, owner);
  const invitee = await usersRepo.findById(ctx.db, userId);
  if (!invitee) throw notFound('User not found');

  const result = await ctx.db.transaction(async (tx) => {
    if (await projectsRepo.memberRole(tx, project.id, userId)) throw conflict('This user is already on the team');

    if (await applicationsRepo.markAdded(tx, project.id, userId)) {
      await projectsRepo.addAdmin(tx, project.id, userId);
      await invitesRepo.deleteAll(tx, project.id, userId);
      await notifyTeamAdded(tx, project.id, userId, owner.id);
      return { status: 'added' as const, messageID: null, event: null };
    }

    const existing = await invitesRepo.find(tx, project.id, userId);
    if (existing && !existing.acceptedAt) {
      return { status: 'invited' as const, messageID: existing.messageId, event: null };
    }

    const thread = await threadsRepo.findOrCreate(tx, owner.id, userId);
    const inviter = `${owner.firstName} ${owner.lastName}`.trim();
    const text = `${inviter} invited you to join the project "${project.name}".`;
    const message = await threadsRepo.addMessage(tx, {
      threadId: thread.id,
      userId: owner.id,
      text,
      type: 'PROJECT_INVITE',
      projectId: project.id,
    });
    await invitesRepo.recordForMessage(tx, {
      projectId: project.id,
      userId,
      invitedBy: owner.id,
      messageId: message.id,
    });
    await notifyInviteReceived(tx, project.id, userId, owner.id);
    return { status: 'invited' as const, messageID: message.id, event: { thread, message } };
  });

  if (result.event) {
    const { thread, message } = result.event;
    await publishAfterCommit(ctx, {
      type: 'message',
      userIds: [userId, owner.id],
      data: {
        threadID: thread.id,
        message: {
          id: message.id,
          userID: message.userId,
          text: message.text,
          createdAt: message.createdAt.toISOString(),
          type: message.type,
          projectID: message.projectId,
          projectHandle: project.handle,
          projectName: project.name,
          threadID: message.threadId,
        },
      },
    });
  } else if (result.status === 'added') {
    await publishAfterCommit(ctx, { type: 'project', userIds: [userId], data: { projectID: project.id } });
  }
  return { status: result.status, messageID: result.messageID };
}

/** Pending invites, oldest first (owner only). */
export async function listInvites(ctx: AppContext, owner: AuthUser, projectId: string): Promise<Invite[]> {
  await loadOwnedProject(ctx.db, projectId, owner);
  const rows = await invitesRepo.pendingWithUsers(ctx.db, projectId);
  return rows.map(({ i, u }) => ({
    id: i.id,
    userID: i.userId,
    projectID: i.projectId,
    createdAt: i.createdAt.toISOString(),
    User: toMemberUser(u),
  }));
}

export async function deleteInvite(ctx: AppContext, owner: AuthUser, projectId: string, userId: string) {
  await loadOwnedProject(ctx.db, projectId, owner);
  if (!(await invitesRepo.deletePending(ctx.db, projectId, userId))) throw notFound('Invite not found');
}

/** The invited user joins the team as Admin; their pending application, if any, is settled too. */
export async function acceptInvite(ctx: AppContext, user: AuthUser, projectId: string) {
  const { project } = await loadVisibleProject(ctx.db, { id: projectId }, user);
  await ctx.db.transaction(async (tx) => {
    if (!(await invitesRepo.acceptPending(tx, project.id, user.id))) {
      throw notFound('You have no pending invite to this project');
    }
    await projectsRepo.addAdmin(tx, project.id, user.id);
    await applicationsRepo.markAdded(tx, project.id, user.id);
  });
  await publishAfterCommit(ctx, { type: 'project', userIds: [project.ownerId], data: { projectID: project.id } });
  return { projectID: project.id, handle: project.handle };
}

/** POST /invites/projects/{id}/decline: the invited user turns the invite down. */
export async function declineInvite(ctx: AppContext, user: AuthUser, projectId: string) {
  const { project } = await loadVisibleProject(ctx.db, { id: projectId }, user);
  if (!(await invitesRepo.deletePending(ctx.db, project.id, user.id))) {
    throw notFound('You have no pending invite to this project');
  }
  await publishAfterCommit(ctx, { type: 'project', userIds: [project.ownerId], data: { projectID: project.id } });
}

export async function hasInvite(ctx: AppContext, user: AuthUser, projectId: string) {
  const { project } = await loadVisibleProject(ctx.db, { id: projectId }, user);
  const row = await invitesRepo.pendingMessage(ctx.db, project.id, user.id);
  return { hasInvite: Boolean(row), messageID: row?.messageId ?? null };
}
