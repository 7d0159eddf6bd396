import { ACCESS_TOKEN_DAYS } from '@devmarket/contract';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { statement, statementArrays } from '../../db/raw';
import { sessions, type UserRow, userColumns, users } from '../../db/schema/index';
import { hashToken, newToken } from '../../lib/tokens';

/**
 * The caller as most routes need them: who they are and what decides their access (DESIGN §4).
 * Routes that read the rest of the account row declare `fullUser` (plugins/auth.ts).
 */
export type SessionUser = Pick<
  UserRow,
  'id' | 'type' | 'isStaff' | 'emailVerifiedAt' | 'reviewStatus' | 'firstName' | 'lastName'
>;

/**
 * Every authenticated request runs this (docs/performance.md): the few columns of SessionUser and
 * the session id, prepared by name, as arrays (users.id and sessions.id share a name), without
 * drizzle's builder and row mapping. The same conditions as the full lookup below. `$2` is the
 * application's clock (ctx.now()), not the database's: token expiry follows the one clock.
 */
export const SESSION_LOOKUP = statement(
  'auth_session_lookup',
  `select u.id, u.type, u.is_staff, u.email_verified_at::text, u.review_status, u.first_name, u.last_name, s.id, s.last_seen_at::text
from sessions s inner join users u on u.id = s.user_id
where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2::timestamptz
limit 1`,
);
type SessionRow = [
  string,
  UserRow['type'],
  boolean,
  string | null,
  UserRow['reviewStatus'],
  string,
  string,
  string,
  string,
];

/** A found session: its user, its id and when it was last seen (to move that forward, see `touch`). */
export type SessionLookup<U> = { user: U; sessionId: string; lastSeenAt: Date };

/** Moves last_seen_at forward only when it is a minute old: one write a minute per session at most. */
const SESSION_TOUCH = statement(
  'auth_session_touch',
  `update sessions set last_seen_at = $2 where id = $1 and last_seen_at < $2::timestamptz - interval '1 minute'`,
);

/** What a session records of the browser that signed in (DESIGN §14). */
export type SessionMeta = { userAgent: string | null; ip: string | null };

export type SessionListRow = {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  ip: string | null;
};

/** Live at `now` (the caller's clock, so a test that advances it sees sessions expire): not revoked, not expired. */
const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/** The whole account row (all but the text vector), for the routes that declare `fullUser`; built once per database. */
const fullLookups = new WeakMap<Db, ReturnType<typeof prepareFullLookup>>();
const prepareFullLookup = (db: Db) =>
  db
    .select({ user: userColumns, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('auth_session_lookup_full');

export const sessionsRepo = {
  /** The live (not revoked, not expired) session of a token and its user, or null. */
  async lookup(db: Db, token: string, now: Date): Promise<SessionLookup<SessionUser> | null> {
    const [row] = await statementArrays<SessionRow>(db, SESSION_LOOKUP, [hashToken(token), now.toISOString()]);
    if (!row) return null;
    const [id, type, isStaff, verifiedAt, reviewStatus, firstName, lastName, sessionId, lastSeen] = row;
    // As drizzle maps a timestamptz (its text parsed by Date), so the value is the same either way.
    const emailVerifiedAt = verifiedAt === null ? null : new Date(verifiedAt);
    return {
      user: { id, type, isStaff, emailVerifiedAt, reviewStatus, firstName, lastName },
      sessionId,
      lastSeenAt: new Date(lastSeen),
    };
  },
  /** As `lookup`, with the whole account row. */
  async lookupFull(db: Db, token: string, now: Date): Promise<SessionLookup<UserRow> | null> {
    let prepared = fullLookups.get(db);
    if (!prepared) {
      prepared = prepareFullLookup(db);
      fullLookups.set(db, prepared);
    }
    const [row] = await prepared.execute({ hash: hashToken(token), now: now.toISOString() });
    return row ?? null;
  },
  /** Records that the session was used at `now` (a no-op when it was within the last minute). */
  async touch(db: Db, sessionId: string, now: Date): Promise<void> {
    await statementArrays(db, SESSION_TOUCH, [sessionId, now.toISOString()]);
  },
  /** Creates a session and returns the only copy of its token. */
  async create(exec: Executor, userId: string, meta: SessionMeta, now: Date): Promise<string> {
    const token = newToken();
    await exec.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      userAgent: meta.userAgent,
      ip: meta.ip,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_DAYS * 86_400_000),
    });
    return token;
  },
  /** True when a session of the user with this user agent was seen since `since` (revoked or not). */
  async browserSeenSince(exec: Executor, userId: string, userAgent: string | null, since: Date): Promise<boolean> {
    const [row] = await exec
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          sql`${sessions.userAgent} is not distinct from ${userAgent}`,
          gt(sessions.lastSeenAt, since),
        ),
      )
      .limit(1);
    return Boolean(row);
  },
  /** The user's live sessions, last used first. */
  async listLive(exec: Executor, userId: string, now: Date): Promise<SessionListRow[]> {
    return exec
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), live(now)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  },
  /** Revokes one live session of the user; false when there is none with this id (or it is another's). */
  async revokeOwn(exec: Executor, userId: string, sessionId: string, now: Date): Promise<boolean> {
    const rows = await exec
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), live(now)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },
  /** Revokes every live session of the user but `keepSessionId`; answers how many. */
  async revokeOthers(exec: Executor, userId: string, keepSessionId: string, now: Date): Promise<number> {
    const rows = await exec
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), live(now)))
      .returning({ id: sessions.id });
    return rows.length;
  },
  async revoke(exec: Executor, sessionId: string, now: Date) {
    await exec.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
  },
  async revokeAllForUser(exec: Executor, userId: string, now: Date) {
    await exec
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },
};
