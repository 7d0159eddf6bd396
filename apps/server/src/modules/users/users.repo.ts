import { pageCount, TAGS, TALENT_PAGE_SIZE } from '@devmarket/contract';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { type UserRow, userColumns, users } from '../../db/schema/index';

/** Approved developers with a verified e-mail: who the talent pages list. */
const isListedTalent = sql`${users.type} = 'Developer' and ${users.reviewStatus} = 'approved' and ${users.emailVerifiedAt} is not null`;

export const usersRepo = {
  /** Sets a password hash; a reset link also marks the e-mail verified (it proves the address). */
  async setPasswordHash(exec: Executor, userId: string, passwordHash: string, opts: { verifyEmail?: boolean } = {}) {
    await exec
      .update(users)
      .set({
        passwordHash,
        ...(opts.verifyEmail ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
      })
      .where(eq(users.id, userId));
  },

  async findById(exec: Executor, id: string): Promise<UserRow | undefined> {
    const [u] = await exec.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
    return u;
  },
  async findByUsername(exec: Executor, username: string): Promise<UserRow | undefined> {
    const [u] = await exec
      .select(userColumns)
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
   * Talent listing and search: featured developers first, then the newest.
   * `query` matches word prefixes in the full-text vector (names, username, title, about,
   * description) or names a tag; `tags` must all be present.
   */
  async searchTalent(
    exec: Executor,
    opts: { query?: string; tags?: string[]; page: number },
  ): Promise<{ rows: UserRow[]; pages: number }> {
    const conds: SQL[] = [isListedTalent];
    const q = opts.query?.trim() ?? '';
    if (q) {
      // Every word as a prefix (`reac` finds React developers), all words required. Names,
      // username, title and about are in the indexed vector; a query naming a tag also matches
      // the tags array. Both conditions use GIN indexes (no substring scans over all users).
      const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      const tag = TAGS.find((t) => t.toLowerCase() === q.toLowerCase());
      const textMatch = words.length
        ? sql`${users.search} @@ to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`
        : sql`false`;
      conds.push(tag ? sql`(${textMatch} or ${users.tags} && array[${tag}]::text[])` : textMatch);
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
    // The page count looks at most 20 pages ahead: counting every match of a broad query would
    // cost more than the page itself; Load More still reaches the end (each page recounts).
    const cap = (opts.page + 20) * TALENT_PAGE_SIZE;
    const [{ n }] = await queryRows<{ n: number }>(
      exec,
      sql`select count(*)::int as n from (select 1 from ${users} where ${where} limit ${cap}) s`,
    );
    const rows = await exec
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(sql`${users.featuredAt} desc nulls last`, sql`${users.createdAt} desc`, users.id)
      .limit(TALENT_PAGE_SIZE)
      .offset((opts.page - 1) * TALENT_PAGE_SIZE);
    return { rows, pages: pageCount(n, TALENT_PAGE_SIZE) };
  },
};
