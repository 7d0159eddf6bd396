import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invites } from '../../db/schema/index';

export const invitesRepo = {
  /** Removes a user's pending invite to a project; false when there was none. */
  async deletePending(exec: Executor, projectId: string, userId: string): Promise<boolean> {
    const rows = await exec
      .delete(invites)
      .where(and(eq(invites.projectId, projectId), eq(invites.userId, userId), isNull(invites.acceptedAt)))
      .returning({ id: invites.id });
    return rows.length > 0;
  },
};
