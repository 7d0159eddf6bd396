import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export type AuditRow = typeof auditLog.$inferSelect;

/** The audit log's reads and its one write (the table refuses UPDATE and DELETE itself). */
export const auditRepo = {
  /** Appends one entry in the caller's transaction; `at` defaults to the transaction's time. */
  async insert(
    exec: Executor,
    e: {
      at?: Date;
      actorId: string | null;
      actorEmail?: string;
      action: string;
      targetType: string;
      targetId: string;
      detail: Record<string, unknown>;
    },
  ): Promise<AuditRow> {
    const [row] = await exec
      .insert(auditLog)
      .values({
        ...e,
        at: e.at ?? sql`now()`,
        actorEmail: e.actorEmail ?? sql`(select u.email from users u where u.id = ${e.actorId})`,
      })
      .returning();
    return row;
  },

  /** Newest first, before an id, optionally by action and actor. */
  page(exec: Executor, q: { before?: bigint; limit: number; action?: string; actorId?: string }) {
    const where: SQL[] = [];
    if (q.before !== undefined) where.push(lt(auditLog.id, q.before));
    if (q.action) where.push(eq(auditLog.action, q.action));
    if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
    return exec
      .select()
      .from(auditLog)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(q.limit);
  },
};
