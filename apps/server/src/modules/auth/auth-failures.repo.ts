import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authFailures } from '../../db/schema/index';

export const authFailuresRepo = {
  /** Failed logins for an account since a moment, from one address when `ip` is given. */
  async countSince(exec: Executor, where: { accountKey: string; ip?: string; since: Date }): Promise<number> {
    const [row] = await exec
      .select({ n: count() })
      .from(authFailures)
      .where(
        and(
          eq(authFailures.accountKey, where.accountKey),
          where.ip === undefined ? undefined : eq(authFailures.ip, where.ip),
          gt(authFailures.createdAt, where.since),
        ),
      );
    return row.n;
  },

  async insert(exec: Executor, accountKey: string, ip: string, at: Date): Promise<void> {
    await exec.insert(authFailures).values({ accountKey, ip, createdAt: at });
  },

  async deleteOlderThan(exec: Executor, before: Date): Promise<void> {
    await exec.delete(authFailures).where(lt(authFailures.createdAt, before));
  },
};
