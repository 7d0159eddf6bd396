import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invites, users } from '../../db/schema/index';

export type InviteRow = typeof invites.$inferSelect;

const inviteOf = (projectId: string, userId: string) =>
  and(eq(invites.projectId, projectId), eq(invites.userId, userId));

/** The user's invite to the project that is not accepted yet. */
const pendingOf = (projectId: string, userId: string) =>
  and(eq(invites.projectId, projectId), eq(invites.userId, userId), isNull(invites.acceptedAt));

export const invitesRepo = {
  /** The user's invite to the project, accepted or not. */
  async find(exec: Executor, projectId: string, userId: string): Promise<InviteRow | undefined> {
    const [row] = await exec.select().from(invites).where(inviteOf(projectId, userId));
    return row;
  },

  /** Records the invite announced by a message; an earlier (accepted) invite of the pair starts over. */
  async recordForMessage(
    exec: Executor,
    values: { projectId: string; userId: string; invitedBy: string; messageId: string },
  ): Promise<void> {
    await exec
      .insert(invites)
      .values(values)
      .onConflictDoUpdate({
        target: [invites.projectId, invites.userId],
        set: { invitedBy: values.invitedBy, messageId: values.messageId, createdAt: new Date(), acceptedAt: null },
      });
  },

  /** Removes every invite of the user to the project (they joined another way). */
  async deleteAll(exec: Executor, projectId: string, userId: string): Promise<void> {
    await exec.delete(invites).where(inviteOf(projectId, userId));
  },

  /** Removes a user's pending invite to a project; false when there was none. */
  async deletePending(exec: Executor, projectId: string, userId: string): Promise<boolean> {
    const rows = await exec.delete(invites).where(pendingOf(projectId, userId)).returning({ id: invites.id });
    return rows.length > 0;
  },

  /** Accepts the user's pending invite; false when there was none. */
  async acceptPending(exec: Executor, projectId: string, userId: string): Promise<boolean> {
    const rows = await exec
      .update(invites)
      .set({ acceptedAt: new Date() })
      .where(pendingOf(projectId, userId))
      .returning({ id: invites.id });
    return rows.length > 0;
  },

  /** The pending invite's message (it may have none), or undefined when there is no pending invite. */
  async pendingMessage(exec: Executor, projectId: string, userId: string) {
    const [row] = await exec.select({ messageId: invites.messageId }).from(invites).where(pendingOf(projectId, userId));
    return row;
  },

  /** Pending invites of a project with their users, oldest first. */
  async pendingWithUsers(exec: Executor, projectId: string) {
    return exec
      .select({ i: invites, u: users })
      .from(invites)
      .innerJoin(users, eq(users.id, invites.userId))
      .where(and(eq(invites.projectId, projectId), isNull(invites.acceptedAt)))
      .orderBy(asc(invites.createdAt));
  },
};
