import { ACCESS_TOKEN_DAYS } from '@devmarket/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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
const SESSION_LOOKUP = statement(
  'auth_session_lookup',
  `select u.id, u.type, u.is_staff, u.email_verified_at::text, u.review_status, u.first_name, u.last_name, s.id
from sessions s inner join users u on u.id = s.user_id
where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2::timestamptz
limit 1`,
);
type SessionRow = [string, UserRow['type'], boolean, string | null, UserRow['reviewStatus'], string, string, string];

/** The whole account row (all but the text vector), for the routes that declare `fullUser`; built once per database. */
const fullLookups = new WeakMap<Db, ReturnType<typeof prepareFullLookup>>();
const prepareFullLookup = (db: Db) =>
  db
    .select({ user: userColumns, sessionId: sessions.id })
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
  async lookup(db: Db, token: string, now: Date): Promise<{ user: SessionUser; sessionId: string } | null> {
    const [row] = await statementArrays<SessionRow>(db, SESSION_LOOKUP, [hashToken(token), now.toISOString()]);
    if (!row) return null;
    const [id, type, isStaff, verifiedAt, reviewStatus, firstName, lastName, sessionId] = row;
    // As drizzle maps a timestamptz (its text parsed by Date), so the value is the same either way.
    const emailVerifiedAt = verifiedAt === null ? null : new Date(verifiedAt);
    return { user: { id, type, isStaff, emailVerifiedAt, reviewStatus, firstName, lastName }, sessionId };
  },
  /** As `lookup`, with the whole account row. */
  async lookupFull(db: Db, token: string, now: Date): Promise<{ user: UserRow; sessionId: string } | null> {
    let prepared = fullLookups.get(db);
    if (!prepared) {
      prepared = prepareFullLookup(db);
      fullLookups.set(db, prepared);
    }
    const [row] = await prepared.execute({ hash: hashToken(token), now: now.toISOString() });
    return row ?? null;
  },
  /** Creates a session and returns the only copy of its token. */
  async create(exec: Executor, userId: string, now: Date): Promise<string> {
    const token = newToken();
    await exec.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_DAYS * 86_400_000),
    });
    return token;
  },
  async revoke(exec: Executor, sessionId: string) {
    await exec.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  },
  async revokeAllForUser(exec: Executor, userId: string) {
    await exec
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },
};
