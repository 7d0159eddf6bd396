import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { sessions, users } from '../../src/db/schema/index';
import { loggerOptions } from '../../src/lib/log-redaction';
import { hashToken } from '../../src/lib/tokens';
import { createUser, TEST_PASSWORD } from '../factories/users';
import { call, openTestDatabase } from '../helper';

/**
 * DESIGN §9: the log of a failing query and of a login carries no SQL parameters, password
 * hash, token or token hash. The app logs through the production logger settings into memory.
 */
const lines: string[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;
let passwordHash: string;
let email: string;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: path.join(tmpdir(), `devmarket-log-${randomBytes(4).toString('hex')}`),
    SECRET: 'test-secret-test-secret',
  });
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ config, database, webDist: null, logger: { ...loggerOptions('info'), stream } });
  // A route whose queries fail with secrets among their parameters, as a bug in a real one would.
  app.post('/api/v1/test/failing-query', { config: { auth: 'none' } }, async (req) => {
    const kind = (req.body as { kind: string }).kind;
    if (kind === 'user') {
      // NOT NULL violation on first_name, with the password hash as a parameter.
      await app.db.insert(users).values({ email: 'x@example.com', passwordHash, firstName: null as never, tos: true });
    } else {
      // Foreign-key violation whose detail repeats a value, with a token hash as a parameter.
      await app.db.insert(sessions).values({
        userId: '00000000-0000-4000-8000-000000000000',
        tokenHash: hashToken('a-secret-session-token-value-123'),
        expiresAt: new Date(),
      });
    }
    return { ok: true };
  });
  await app.ready();
  const u = await createUser(app);
  email = u.user.email;
  const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, u.user.id));
  passwordHash = row.hash as string;
  close = async () => {
    await app.close();
    await database.close();
    await drop();
  };
});
afterAll(async () => close?.());

describe('the log', () => {
  it('of failing queries, a login and tokens in addresses carries no hash, token or SQL parameter', async () => {
    for (const kind of ['user', 'session']) {
      const r = await call(app, 'POST', '/test/failing-query', { body: { kind } });
      expect(r.status).toBe(500);
    }
    const login = await call(app, 'POST', '/auth/login', { body: { email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const token: string = login.body.accessToken;
    await call(app, 'GET', `/user?token=${token}`);
    const nil = '00000000-0000-4000-8000-000000000000';
    expect((await call(app, 'GET', `/tasks/${nil}/files/${nil}/download?token=${token}`)).status).toBe(404);
    await call(app, 'GET', '/user', { token, headers: { cookie: `AccessToken=${token}` } });

    const log = lines.join('\n');
    // The failures were logged, with their SQL but without its values.
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into');
    expect(log).toContain('params: [redacted]');
    expect(log).toContain('[redacted]');
    for (const secret of [
      passwordHash,
      passwordHash.split('$').pop() as string,
      '$argon2',
      TEST_PASSWORD,
      token,
      hashToken(token),
      hashToken('a-secret-session-token-value-123'),
    ]) {
      expect(log, `log contains ${secret.slice(0, 12)}…`).not.toContain(secret);
    }
  });
});
