import { TALENT_PAGE_SIZE } from '@devmarket/contract';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';

type UserRow = typeof users.$inferSelect;

/** Approved developers with a verified e-mail: who the talent pages list. */
const isListedTalent = sql`${users.type} = 'Developer' and ${users.reviewStatus} = 'approved' and ${users.emailVerifiedAt} is not null`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const usersRepo = {
  async findById(exec: Executor, id: string): Promise<UserRow | undefined> {
    const [u] = await exec.select().from(users).where(eq(users.id, id)).limit(1);
    return u;
  },
  async findByUsername(exec: Executor, username: string): Promise<UserRow | undefined> {
    const [u] = await exec
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    return u;
  },
  async isUsernameTaken(exec: Executor, username: string, exceptUserId: string): Promise<boolean> {
    const [u] = await exec
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, exceptUserId)))
      .limit(1);
    return Boolean(u);
  },
  /**
   * Talent listing and search: featured developers first, then the best text match, then the newest.
   * `query` matches the full-text vector (names, username, title, about, description), a name or
   * username prefix, a title substring or a tag; `tags` must all be present.
   */
  async searchTalent(
    exec: Executor,
    opts: { query?: string; tags?: string[]; page: number },
  ): Promise<{ rows: UserRow[]; pages: number }> {
    const conds: SQL[] = [isListedTalent];
    const q = opts.query?.trim() ?? '';
    let rank: SQL | null = null;
    if (q) {
      const like = `%${escapeLike(q.toLowerCase())}%`;
      const prefix = `${escapeLike(q.toLowerCase())}%`;
      const ts = sql`websearch_to_tsquery('english', ${q})`;
      conds.push(sql`(
        ${users.search} @@ ${ts}
        or lower(${users.username}) like ${prefix}
        or lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}
        or lower(coalesce(${users.title}, '')) like ${like}
        or exists (select 1 from unnest(${users.tags}) t where lower(t) = ${q.toLowerCase()})
      )`);
      rank = sql`ts_rank(${users.search}, ${ts})`;
    }
    if (opts.tags?.length) {
      conds.push(
        sql`${users.tags} @> ${sql.raw('ARRAY[')}${sql.join(
          opts.tags.map((t) => sql`${t}`),
          sql`, `,
        )}${sql.raw(']::text[]')}`,
      );
    }
    const where = sql.join(conds, sql` and `);
    const [{ n }] = (await exec.select({ n: sql<number>`count(*)::int` }).from(users).where(where)) as { n: number }[];
    const rows = await exec
      .select()
      .from(users)
      .where(where)
      .orderBy(
        sql`${users.featuredAt} desc nulls last`,
        ...(rank ? [sql`${rank} desc`] : []),
        sql`${users.createdAt} desc`,
        users.id,
      )
      .limit(TALENT_PAGE_SIZE)
      .offset((opts.page - 1) * TALENT_PAGE_SIZE);
    return { rows, pages: Math.max(1, Math.ceil(n / TALENT_PAGE_SIZE)) };
  },
};
