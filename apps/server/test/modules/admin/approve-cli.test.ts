import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { developerApprovals } from '../../../src/db/schema/index';
import { accountsCommands } from '../../../src/cli/accounts-commands';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const run = (email: string) =>
  accountsCommands['approve-developer'].run({ database: t.database, config: t.config, args: { email } });

describe('npm run cli -- approve-developer --email E', () => {
  it('approves a developer by e-mail', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const dev = await createUser(t.app, {
      type: 'Developer',
      verified: false,
      emailVerifiedAt: new Date(),
      reviewStatus: 'pending',
    });
    await run(dev.user.email.toUpperCase());
    expect((await call(t.app, 'GET', '/user', { token: dev.token })).body).toMatchObject({
      reviewStatus: 'approved',
      verified: true,
    });
    // DESIGN §19: the three checks are recorded, with the note "CLI".
    const [rec] = await t.app.db.select().from(developerApprovals).where(eq(developerApprovals.userId, dev.user.id));
    expect(rec).toMatchObject({ approvedBy: null, identity: true, skills: true, experience: true, note: 'CLI' });
    expect((await call(t.app, 'GET', '/user', { token: dev.token })).body.verifiedAt).toBe(rec.createdAt.toISOString());
    log.mockRestore();
  });

  it('refuses unknown e-mails and clients with a clear message', async () => {
    await expect(run('nobody@example.com')).rejects.toThrow('No account with the e-mail nobody@example.com');
    const client = await createUser(t.app);
    await expect(run(client.user.email)).rejects.toThrow(/only developers are reviewed/);
    await expect(run('not-an-email')).rejects.toThrow('--email is not a valid e-mail address');
  });
});
