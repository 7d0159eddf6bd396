import type { Invite } from '@devmarket/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications, invites, projectMembers, users } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { publishAfterCommit } from '../realtime/event-bus';
import { threadsRepo } from '../messages/threads.repo';
import { invitesRepo } from './invites.repo';
import { notifyInviteReceived, notifyTeamAdded } from '../notifications/notifications.causes';
import { toMemberUser } from '../projects/projects.mapper';
import { loadOwnedProject, loadVisibleProject } from '../projects/projects.service';

/**
 * POST /invites/projects/{id} (owner only, DESIGN §4): an applicant joins the team at once; anyone
 * else gets an invite, announced by a PROJECT_INVITE message in their thread with the owner.
 * Inviting someone already invited answers the same invite again (no second message).
 */
export async function inviteUser(ctx: AppContext, owner: AuthUser, projectId: string, userId: string) {
  const { project } = await loadOwnedProject(ctx.db, projectId, owner);
  const [invitee] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!invitee) throw notFound('User not found');

  const result = await ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, userId)));
    if (member) throw conflict('This user is already on the team');

    const [application] = await tx
      .update(applications)
      .set({ status: 'added' })
      .where(
        and(
          eq(applications.projectId, project.id),
          eq(applications.userId, userId),
          eq(applications.status, 'pending'),
        ),
      )
      .returning({ id: applications.id });
    if (application) {
      await tx.insert(projectMembers).values({ projectId: project.id, userId, role: 'Admin' }).onConflictDoNothing();
      await tx.delete(invites).where(and(eq(invites.projectId, project.id), eq(invites.userId, userId)));
      await notifyTeamAdded(tx, project.id, userId, owner.id);
      return { status: 'added' as const, messageID: null, event: null };
    }

    const [existing] = await tx
      .select()
      .from(invites)
      .where(and(eq(invites.projectId, project.id), eq(invites.userId, userId)));
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
    await tx
      .insert(invites)
      .values({ projectId: project.id, userId, invitedBy: owner.id, messageId: message.id })
      .onConflictDoUpdate({
        target: [invites.projectId, invites.userId],
        set: { invitedBy: owner.id, messageId: message.id, createdAt: new Date(), acceptedAt: null },
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
  const rows = await ctx.db
    .select({ i: invites, u: users })
    .from(invites)
    .innerJoin(users, eq(users.id, invites.userId))
    .where(and(eq(invites.projectId, projectId), isNull(invites.acceptedAt)))
    .orderBy(asc(invites.createdAt));
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
  const [row] = await ctx.db
    .delete(invites)
    .where(and(eq(invites.projectId, projectId), eq(invites.userId, userId), isNull(invites.acceptedAt)))
    .returning({ id: invites.id });
  if (!row) throw notFound('Invite not found');
}

/** The invited user joins the team as Admin; their pending application, if any, is settled too. */
export async function acceptInvite(ctx: AppContext, user: AuthUser, projectId: string) {
  const { project } = await loadVisibleProject(ctx.db, { id: projectId }, user);
  await ctx.db.transaction(async (tx) => {
    const [invite] = await tx
      .update(invites)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invites.projectId, project.id), eq(invites.userId, user.id), isNull(invites.acceptedAt)))
      .returning({ id: invites.id });
    if (!invite) throw notFound('You have no pending invite to this project');
    await tx
      .insert(projectMembers)
      .values({ projectId: project.id, userId: user.id, role: 'Admin' })
      .onConflictDoNothing();
    await tx
      .update(applications)
      .set({ status: 'added' })
      .where(
        and(
          eq(applications.projectId, project.id),
          eq(applications.userId, user.id),
          eq(applications.status, 'pending'),
        ),
      );
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
  const [row] = await ctx.db
    .select({ messageId: invites.messageId })
    .from(invites)
    .where(and(eq(invites.projectId, project.id), eq(invites.userId, user.id), isNull(invites.acceptedAt)));
  return { hasInvite: Boolean(row), messageID: row?.messageId ?? null };
}
