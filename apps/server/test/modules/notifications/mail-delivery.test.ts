import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { runJobsIn } from './support';

/** Notification mail through a real SMTP server (DESIGN §10): batched, digested, unsubscribed. */

type Received = { to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: 'https://devmarket.example' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].+)*)`, 'mi')
    .exec(raw)?.[1]
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();

describe('notification mail over SMTP', () => {
  it('ten applications within a minute produce one batched mail to the owner', async () => {
    const owner = await createUser(t.app, { firstName: 'Olga' });
    const p = await createProject(t.app, owner.user.id, { name: 'Batch Shop' });
    for (let i = 0; i < 10; i++) {
      const dev = await createUser(t.app, { type: 'Developer' });
      const r = await call(t.app, 'POST', `/applications/project/${p.id}/apply`, {
        token: dev.token,
        body: { message: `Application ${i}` },
      });
      expect(r.status).toBe(200);
    }
    // DESIGN §19: the first mail of the category goes at once; all ten were there by then.
    await runJobsIn(t.app, 0);
    await runJobsIn(t.app, 30);
    const mails = mailsTo(owner.user.email);
    expect(mails).toHaveLength(1);
    const raw = mails[0].raw;
    expect(header(raw, 'Subject')).toBe('10 updates: Applications and invites');
    expect(header(raw, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/devmarket\.example\/api\/v1\/notifications\/unsubscribe\/[\w-]+>$/,
    );
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('Batch Shop');
  });

  it('a message left unread for the digest window produces one digest mail; a read one none', async () => {
    const sender = await createUser(t.app, { firstName: 'Sam', lastName: 'Sender' });
    const reader = await createUser(t.app, { type: 'Developer' });
    const ignorer = await createUser(t.app, { type: 'Developer' });
    const a = await call(t.app, 'POST', '/messages', {
      token: sender.token,
      body: { to: reader.user.id, text: 'Are you there?' },
    });
    await call(t.app, 'POST', '/messages', {
      token: sender.token,
      body: { to: ignorer.user.id, text: 'Quick question' },
    });
    await call(t.app, 'POST', '/messages', { token: sender.token, body: { to: ignorer.user.id, text: 'And another' } });
    await call(t.app, 'POST', `/threads/${a.body.threadID}/read`, { token: reader.token });

    await runJobsIn(t.app, 5);
    expect(mailsTo(ignorer.user.email)).toHaveLength(0);
    await runJobsIn(t.app, 11);
    await runJobsIn(t.app, 40);
    const digest = mailsTo(ignorer.user.email);
    expect(digest).toHaveLength(1);
    expect(header(digest[0].raw, 'Subject')).toBe('2 unread messages from Sam Sender');
    expect(digest[0].raw).toContain('Quick question');
    expect(mailsTo(reader.user.email)).toHaveLength(0);
  });

  it('an unsubscribed category produces none', async () => {
    const owner = await createUser(t.app);
    const sender = await createUser(t.app);
    await call(t.app, 'POST', '/user/notification-settings', {
      token: owner.token,
      body: { email: { applications: false, messages: false } },
    });
    const p = await createProject(t.app, owner.user.id);
    const dev = await createUser(t.app, { type: 'Developer' });
    await call(t.app, 'POST', `/applications/project/${p.id}/apply`, { token: dev.token, body: { message: 'Hi' } });
    await call(t.app, 'POST', '/messages', { token: sender.token, body: { to: owner.user.id, text: 'Hello' } });
    await runJobsIn(t.app, 60);
    expect(mailsTo(owner.user.email)).toHaveLength(0);
    // Still in the notification centre.
    expect((await call(t.app, 'GET', '/notifications/unread-count', { token: owner.token })).body).toEqual({
      count: 1,
    });
  });
});
