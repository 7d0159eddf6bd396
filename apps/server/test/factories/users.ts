import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema/index';
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
      username: type === 'Developer' && verified ? `dev-${suffix}` : null,
      ...rest,
    })
    .returning();
  const token = await sessionsRepo.create(app.db, user.id);
  return { user, token };
}
