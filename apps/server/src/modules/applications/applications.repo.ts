import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, users } from '../../db/schema/index';

export type ApplicationRow = typeof applications.$inferSelect;

/** The one pending application of a user to a project. */
const pendingOf = (projectId: string, userId: string) =>
  and(eq(applications.projectId, projectId), eq(applications.userId, userId), eq(applications.status, 'pending'));

export const applicationsRepo = {
  /** A new application; null when the user already applied (the unique index decides). */
  async insertIfNew(
    exec: Executor,
    values: { projectId: string; userId: string; message: string },
  ): Promise<ApplicationRow | null> {
    const [row] = await exec.insert(applications).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** Pending applications with their applicants, oldest first. */
  async pendingWithUsers(exec: Executor, projectId: string) {
    return exec
      .select({ a: applications, u: users })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(and(eq(applications.projectId, projectId), eq(applications.status, 'pending')))
      .orderBy(asc(applications.createdAt));
  },

  /** Ignores a pending application of the project; false when there is none. */
  async ignorePending(exec: Executor, projectId: string, applicationId: string): Promise<boolean> {
    const rows = await exec
      .update(applications)
      .set({ status: 'ignored' })
      .where(
        and(
          eq(applications.id, applicationId),
          eq(applications.projectId, projectId),
          eq(applications.status, 'pending'),
        ),
      )
      .returning({ id: applications.id });
    return rows.length > 0;
  },

  /** The user joined the team: their pending application, if any, is settled; false when there was none. */
  async markAdded(exec: Executor, projectId: string, userId: string): Promise<boolean> {
    const rows = await exec
      .update(applications)
      .set({ status: 'added' })
      .where(pendingOf(projectId, userId))
      .returning({ id: applications.id });
    return rows.length > 0;
  },
};
