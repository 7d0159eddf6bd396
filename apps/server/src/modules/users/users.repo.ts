import { pageCount, TALENT_PAGE_SIZE } from '@devmarket/contract';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idArray, statement, statementRows, textRows } from '../../db/raw';
import { developerApprovals, type UserRow, userColumns, users } from '../../db/schema/index';

/** How many developers, in display order, a search looks through before reading all its matches. */
const TALENT_WINDOW = 2000;

export type UserPatch = Partial<typeof users.$inferInsert>;
export type NewUser = typeof users.$inferInsert;

/** Approved developers with a verified e-mail: who the talent pages list. */
const LISTED_TALENT = `type = 'Developer' and review_status = 'approved' and email_verified_at is not null`;

/**
 * userColumns under their drizzle names, by id: a statement prepared by name (db/raw.ts), for
 * the talent cards and every list of people. Timestamps come as text and become Dates as
 * drizzle makes them (userRowFromText).
 */
export const USERS_BY_IDS = statement(
  'users_by_ids',
  `select id, type, email, password_hash as "passwordHash", first_name as "firstName",
      last_name as "lastName", tos, email_verified_at::text as "emailVerifiedAt",
      review_status as "reviewStatus", is_staff as "isStaff", username, title, description,
      location, timezone, tags, about, profile, image, github, linkedin,
      cached_tasks_completed as "cachedTasksCompleted", featured_at::text as "featuredAt",
      verified_at::text as "verifiedAt", created_at::text as "createdAt", updated_at::text as "updatedAt"
    from users where id = any($1::uuid[])`,
);
type Stamp = 'emailVerifiedAt' | 'featuredAt' | 'verifiedAt' | 'createdAt' | 'updatedAt';
type UserRowText = Omit<UserRow, Stamp> & Record<Stamp, string | null>;
const stamp = (text: string | null) => (text === null ? null : new Date(text));
function userRowFromText(r: UserRowText): UserRow {
  return {
    ...r,
    emailVerifiedAt: stamp(r.emailVerifiedAt),
    featuredAt: stamp(r.featuredAt),
    verifiedAt: stamp(r.verifiedAt),
    createdAt: new Date(r.createdAt as string),
    updatedAt: new Date(r.updatedAt as string),
  };
}

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

  /** The account of an e-mail address, whatever its case. */
  async findByEmail(exec: Executor, email: string): Promise<UserRow | undefined> {
    const [u] = await exec.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
    return u;
  },

  /** A new account; undefined when the e-mail is taken (the unique index decides under concurrency). */
  async insertIfNewEmail(exec: Executor, values: NewUser): Promise<UserRow | undefined> {
    const [u] = await exec.insert(users).values(values).onConflictDoNothing().returning();
    return u;
  },

  async update(exec: Executor, userId: string, patch: UserPatch): Promise<UserRow> {
    const [u] = await exec.update(users).set(patch).where(eq(users.id, userId)).returning();
    return u;
  },

  async existingId(exec: Executor, id: string): Promise<string | null> {
    const [u] = await exec.select({ id: users.id }).from(users).where(eq(users.id, id));
    return u?.id ?? null;
  },

  /** Marks the e-mail verified; a developer who already gave their links goes to review. */
  async markEmailVerified(exec: Executor, userId: string): Promise<void> {
    await exec
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        reviewStatus: sql`case when ${users.type} = 'Developer' and ${users.reviewStatus} = 'none' and ${users.github} is not null then 'pending' else ${users.reviewStatus} end`,
      })
      .where(eq(users.id, userId));
  },

  async setReviewStatus(exec: Executor, userId: string, reviewStatus: UserRow['reviewStatus']): Promise<UserRow> {
    return usersRepo.update(exec, userId, { reviewStatus });
  },

  /**
   * DESIGN §19: approves a developer and records the vetting (who, when, the three checks, the
   * note) in one statement pair of the caller's transaction; the profile's "Verified on" is `at`.
   */
  async recordApproval(
    exec: Executor,
    a: {
      userId: string;
      approvedBy: string | null;
      checks: { identity: boolean; skills: boolean; experience: boolean };
      note: string | null;
      at: Date;
    },
  ): Promise<UserRow> {
    await exec.insert(developerApprovals).values({
      userId: a.userId,
      approvedBy: a.approvedBy,
      ...a.checks,
      note: a.note,
      createdAt: a.at,
    });
    return usersRepo.update(exec, a.userId, { reviewStatus: 'approved', verifiedAt: a.at });
  },

  /** The newest approval record of a user (the vetting behind "Verified on"). */
  async latestApproval(exec: Executor, userId: string) {
    const [row] = await exec
      .select()
      .from(developerApprovals)
      .where(eq(developerApprovals.userId, userId))
      .orderBy(desc(developerApprovals.createdAt))
      .limit(1);
    return row ?? null;
  },

  /** Developers in one review state: pending oldest submission first (a queue), the others newest first. */
  async developersByReview(
    exec: Executor,
    status: UserRow['reviewStatus'],
    page: { number: number; size: number },
  ): Promise<{ rows: UserRow[]; total: number }> {
    const where = and(eq(users.type, 'Developer'), eq(users.reviewStatus, status));
    const [{ n }] = await exec.select({ n: count() }).from(users).where(where);
    const rows = await exec
      .select()
      .from(users)
      .where(where)
      .orderBy(status === 'pending' ? users.updatedAt : desc(users.updatedAt), users.id)
      .limit(page.size)
      .offset((page.number - 1) * page.size);
    return { rows, total: n };
  },

  async imageOf(exec: Executor, userId: string): Promise<string | null> {
    const [u] = await exec.select({ image: users.image }).from(users).where(eq(users.id, userId));
    return u?.image ?? null;
  },

  async setImage(exec: Executor, userId: string, image: string): Promise<void> {
    await exec.update(users).set({ image, updatedAt: sql`now()` }).where(eq(users.id, userId));
  },

  /** Users by id, in no particular order. */
  async findByIds(exec: Executor, ids: string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    const rows = await statementRows<UserRowText>(exec, USERS_BY_IDS, [idArray(ids)]);
    return rows.map(userRowFromText);
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
   * description, location) or names a tag; `tags` must all be present; `location` matches the
   * words of the place.
   */
  async searchTalent(
    exec: Executor,
    opts: { query?: string; tags?: string[]; location?: string; page: number },
  ): Promise<{ rows: UserRow[]; pages: number }> {
    // Plain SQL text with numbered parameters, not drizzle's template: building it was a seventh
    // of the request's CPU (bench/profile.ts talent, issue 33). Every value is a parameter.
    const values: unknown[] = [];
    const param = (v: unknown) => {
      values.push(v);
      return `$${values.length}`;
    };
    const conds: string[] = [];
    const q = opts.query?.trim() ?? '';
    if (q) {
      // Every word as a prefix (`reac` finds React developers), all words required. Names,
      // username, title, about and location are in the indexed vector; a word naming a tag also
      // matches the tags array. Both conditions use GIN indexes (no substring scans over all users).
      const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      if (!words.length) conds.push('false');
      for (const word of words) {
        // Open tags (DESIGN §19): any word may name a tag ("python"); keys are lower-cased.
        conds.push(
          `(search @@ to_tsquery('english', ${param(`${word}:*`)}) or tag_keys && array[${param(word)}]::text[])`,
        );
      }
    }
    const placeWords = opts.location?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (placeWords.length) {
      const prefixes = placeWords.map((w) => `${w}:*`).join(' & ');
      conds.push(`to_tsvector('simple', coalesce(location, '')) @@ to_tsquery('simple', ${param(prefixes)})`);
    }
    if (opts.tags?.length) {
      conds.push(`tag_keys @> array[${opts.tags.map((t) => param(t.toLowerCase())).join(', ')}]::text[]`);
    }
    // The page count looks at most 20 pages ahead: counting every match of a broad query would
    // cost more than the page itself; Load More still reaches the end (each page recounts).
    const cap = (opts.page + 20) * TALENT_PAGE_SIZE;
    const offset = (opts.page - 1) * TALENT_PAGE_SIZE;
    const order = 'featured_at desc nulls last, created_at desc, id';
    let ids: string[];
    let n: number;
    if (!conds.length) {
      [{ n }] = await textRows<{ n: number }>(
        exec,
        `select count(*)::int as n from (select 1 from users where ${LISTED_TALENT} limit $1) s`,
        [cap],
      );
      const page = await textRows<{ id: string }>(
        exec,
        `select id from users where ${LISTED_TALENT} order by ${order} limit $1 offset $2`,
        [TALENT_PAGE_SIZE, offset],
      );
      ids = page.map((r) => r.id);
    } else {
      // Searches (docs/performance.md "Search speed"). PostgreSQL cannot estimate how many rows a
      // prefix query matches, so its own choice is slow one way or the other. We choose instead:
      // first the newest TALENT_WINDOW listed developers in display order (walked along
      // users_talent_order_idx) filtered by the search; a broad search finds its page there. Only
      // a narrow one, with few matches, reads all its matches through the GIN indexes
      // (materialized, so no ordered index walk to the end), which is cheap because there are few.
      const match = conds.join(' and ');
      // The two reads share the match's parameters; each numbers its own limits after them.
      const after = (k: number) => `$${values.length + k}`;
      // A search's page count looks one page ahead (enough for Load More), so a window of
      // TALENT_WINDOW developers per page answers any search matching more than ~1 % of them.
      const searchCap = (opts.page + 1) * TALENT_PAGE_SIZE;
      const windowSize = TALENT_WINDOW * opts.page;
      const windowed = await textRows<{ id: string }>(
        exec,
        `select id from (
              select id, featured_at, created_at, search, tag_keys, location from users
              where ${LISTED_TALENT} order by ${order} limit ${after(1)}
            ) as users where ${match} order by ${order} limit ${after(2)}`,
        [...values, windowSize, searchCap],
      );
      if (windowed.length >= searchCap) {
        n = searchCap;
        ids = windowed.slice(offset, offset + TALENT_PAGE_SIZE).map((r) => r.id);
      } else {
        const rows = await textRows<{ n: number; id: string | null }>(
          exec,
          `with m as materialized (
                select id, featured_at, created_at from users where ${LISTED_TALENT} and ${match}
              ), c as (select count(*)::int as n from m)
              select c.n, p.id from c left join lateral (
                select id from m order by ${order} limit ${after(1)} offset ${after(2)}
              ) p on true`,
          [...values, TALENT_PAGE_SIZE, offset],
        );
        n = rows[0]?.n ?? 0;
        ids = rows.flatMap((r) => (r.id ? [r.id] : []));
      }
    }
    const found = await usersRepo.findByIds(exec, ids);
    const byId = new Map(found.map((u) => [u.id, u]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return { rows, pages: pageCount(n, TALENT_PAGE_SIZE) };
  },
};
