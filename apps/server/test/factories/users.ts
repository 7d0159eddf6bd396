import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import { outbox, users } from '../../src/db/schema/index';
import { sessionsRepo } from '../../src/modules/auth/sessions.repo';
import { hashPassword } from '../../src/lib/passwords';

export const TEST_PASSWORD = 'correct-horse-battery';
let cachedHash: Promise<string> | undefined;

export type UserOverrides = Partial<typeof users.$inferInsert> & {
  /** Shortcut: e-mail verified and, for developers, approved by staff. */
  verified?: boolean;
};

/** Inserts a user directly and returns it with a fresh access token (shared by tests and seeds). */
export async function createUser(app: FastifyInstance, overrides: UserOverrides = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const { verified = true, ...rest } = overrides;
  const suffix = randomBytes(4).toString('hex');
  const type = rest.type ?? 'Client';
  const [user] = await app.db
    .insert(users)
    .values({
      email: `user-${suffix}@example.com`,
      passwordHash: await cachedHash,
      firstName: 'Test',
      lastName: `User ${suffix}`,
      tos: true,
      type,
      emailVerifiedAt: verified ? new Date() : null,
      reviewStatus: type === 'Developer' && verified ? 'approved' : 'none',
      // DESIGN §19: an approved developer carries the time of the vetting.
      verifiedAt: type === 'Developer' && verified ? new Date() : null,
      username: type === 'Developer' && verified ? `dev-${suffix}` : null,
      ...rest,
    })
    .returning();
  const token = await sessionsRepo.create(app.db, user.id, { userAgent: null, ip: null }, app.ctx.now());
  return { user, token };
}

/** A staff account with a token. */
export async function createStaff(app: FastifyInstance) {
  return createUser(app, { isStaff: true, firstName: 'Staff' });
}

/** Signs up through the API (as a person would) and returns the token and the user's e-mail. */
export async function signUpViaApi(
  app: FastifyInstance,
  opts: { type?: 'Client' | 'Developer'; email?: string; password?: string } = {},
) {
  const email = opts.email ?? `su-${randomBytes(4).toString('hex')}@example.com`;
  const password = opts.password ?? TEST_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    payload: { email, password, firstName: 'Sam', lastName: 'Signup', tos: true, type: opts.type ?? 'Client' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return { email, password, token: res.json().accessToken as string };
}

/** The newest mail to an address, straight from the outbox table. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const [mail] = await app.db
    .select()
    .from(outbox)
    .where(sql`lower(${outbox.to}) = ${to.toLowerCase()}`)
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return mail;
}

/** The 6-digit code of the newest verification mail to an address. */
export async function verificationCodeFor(app: FastifyInstance, to: string): Promise<string> {
  const mail = await lastMailTo(app, to);
  const m = /\b(\d{6})\b/.exec(mail?.subject ?? '');
  if (!m) throw new Error(`no verification code mailed to ${to}`);
  return m[1];
}
