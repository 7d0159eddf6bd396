import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import type { Database } from '../../../src/db/client';
import { jobs, webhookDeliveries, webhooks } from '../../../src/db/schema/index';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs';
import { isPrivateAddress } from '../../../src/modules/webhooks/index';
import { postToTarget } from '../../../src/modules/webhooks/sender';
import { addMember, createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { call, expectValidationError, openTestDatabase } from '../../helper';

/** DESIGN §16: webhooks, received by a real HTTP server; the clock is advanced, never waited for. */
type Received = { headers: IncomingHttpHeaders; body: string; path: string };
const received: Received[] = [];
let answer: { status: number; body?: string; headers?: Record<string, string> } = { status: 200 };
let receiver: Server;
let receiverUrl = '';

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance; // WEBHOOK_ALLOW_PRIVATE=true: the receiver is on 127.0.0.1
let strict: FastifyInstance; // the production setting
let clock = Date.now();

async function makeApp(env: Record<string, string>) {
  const config = loadConfig({
    DATA_DIR: path.join(tmpdir(), `devmarket-wh-${randomBytes(4).toString('hex')}`),
    SECRET: 'test-secret-test-secret',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const a = await buildApp({ config, database, webDist: null, logger: false });
  a.ctx.now = () => new Date(clock);
  await a.ready();
  return a;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? 'ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  app = await makeApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  strict = await makeApp({});
});
afterAll(async () => {
  await app?.close();
  await strict?.close();
  await new Promise((r) => receiver?.close(r));
  await database?.close();
  await drop?.();
});
beforeEach(() => {
  received.length = 0;
  answer = { status: 200 };
});

const runJobs = (a: FastifyInstance = app) => runDueJobs(a.ctx, jobHandlers, { now: () => new Date(clock) });

async function ownerWithHook(events: string[] = ['task.created'], visibility: 'Public' | 'Private' = 'Private') {
  const owner = await createUser(app);
  const project = await createProject(app, owner.user.id, { visibility });
  const r = await call(app, 'POST', `/projects/${project.id}/webhooks`, {
    token: owner.token,
    body: { url: receiverUrl, events },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { owner, project, hook: r.body as { id: string; secret: string; url: string; events: string[] } };
}

function verifyIndependently(secret: string, r: Received) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const id = r.headers['webhook-id'];
  const ts = r.headers['webhook-timestamp'];
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${r.body}`).digest('base64');
  expect(r.headers['webhook-signature']).toBe(`v1,${expected}`);
}

describe('webhooks', () => {
  it('are managed by the owner only: 404 for a private project one cannot see, 403 otherwise', async () => {
    const { owner, project, hook } = await ownerWithHook();
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(hook.secret.slice(6), 'base64')).toHaveLength(24);
    const list = await call(app, 'GET', `/projects/${project.id}/webhooks`, { token: owner.token });
    expect(list.body).toEqual([
      { id: hook.id, url: receiverUrl, events: ['task.created'], createdAt: expect.any(String), lastDeliveries: [] },
    ]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const member = await createUser(app);
    await addMember(app, project.id, member.user.id);
    const outsider = await createUser(app);
    const base = `/projects/${project.id}/webhooks`;
    for (const [who, status] of [
      [member.token, 403],
      [outsider.token, 404],
    ] as const) {
      expect((await call(app, 'GET', base, { token: who })).status).toBe(status);
      expect(
        (await call(app, 'POST', base, { token: who, body: { url: receiverUrl, events: ['task.created'] } })).status,
      ).toBe(status);
      expect((await call(app, 'DELETE', `${base}/${hook.id}`, { token: who })).status).toBe(status);
      expect((await call(app, 'POST', `${base}/${hook.id}/test`, { token: who })).status).toBe(status);
      expect((await call(app, 'GET', `${base}/${hook.id}/deliveries`, { token: who })).status).toBe(status);
    }
    const publicProject = await createProject(app, owner.user.id, { visibility: 'Public' });
    expect((await call(app, 'GET', `/projects/${publicProject.id}/webhooks`, { token: outsider.token })).status).toBe(
      403,
    );
    expectValidationError(
      await call(app, 'POST', base, { token: owner.token, body: { url: receiverUrl, events: [] } }),
      {
        events: 'Choose at least one event',
      },
    );
    expect((await call(app, 'DELETE', `${base}/${hook.id}`, { token: owner.token })).status).toBe(200);
    expect((await call(app, 'GET', base, { token: owner.token })).body).toEqual([]);
  });

  it('send a signed ping that the standardwebhooks verifier accepts', async () => {
    const { owner, project, hook } = await ownerWithHook();
    const test = await call(app, 'POST', `/projects/${project.id}/webhooks/${hook.id}/test`, { token: owner.token });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ event: 'ping', status: 'pending', attempts: 0, lastStatusCode: null });
    await runJobs();
    expect(received).toHaveLength(1);
    const r = received[0];
    expect(r.headers['webhook-id']).toBe(test.body.id);
    expect(r.headers['webhook-timestamp']).toBe(String(Math.floor(clock / 1000)));
    const payload = new StandardWebhook(hook.secret.slice('whsec_'.length)).verify(r.body, {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    }) as { type: string; timestamp: string; data: { id: string } };
    expect(payload.type).toBe('ping');
    expect(payload.data.id).toBe(hook.id);
    verifyIndependently(hook.secret, r);
    const deliveries = await call(app, 'GET', `/projects/${project.id}/webhooks/${hook.id}/deliveries`, {
      token: owner.token,
    });
    expect(deliveries.body).toEqual([{ ...test.body, status: 'delivered', attempts: 1, lastStatusCode: 200 }]);
    const list = await call(app, 'GET', `/projects/${project.id}/webhooks`, { token: owner.token });
    expect(list.body[0].lastDeliveries[0].status).toBe('delivered');
  });

  it('send task, application and member events with the data the API answers', async () => {
    const events = ['task.created', 'task.updated', 'task.stage_changed', 'application.received', 'member.added'];
    const { owner, project, hook } = await ownerWithHook(events, 'Public');
    const created = await call(app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: project.id, summary: 'Hooked task', description: 'x' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const edited = await call(app, 'PUT', `/tasks/${created.body.id}`, {
      token: owner.token,
      body: { summary: 'Edited' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const assigned = await call(app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: project.id, summary: 'Mine', assigneeID: owner.user.id },
    });
    const moved = await call(app, 'POST', `/tasks/${assigned.body.id}/stage`, {
      token: owner.token,
      body: { stage: 'In Progress' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const dev = await createUser(app, { type: 'Developer' });
    expect(
      (
        await call(app, 'POST', `/applications/project/${project.id}/apply`, {
          token: dev.token,
          body: { message: 'Me!' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(app, 'POST', `/invites/projects/${project.id}`, {
          token: owner.token,
          body: { userID: dev.user.id },
        })
      ).status,
    ).toBe(200);
    await runJobs();
    // Due at the same moment, the jobs may run in any order.
    const order = ['task.created', 'task.updated', 'task.stage_changed', 'application.received', 'member.added'];
    const bodies = received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
    expect([...new Set(bodies.map((b) => b.type))]).toEqual(order);
    // Two task.created: the first task's, then the assigned one's.
    expect(bodies.filter((b) => b.type === 'task.created')).toHaveLength(2);
    const first = bodies.find((b) => b.type === 'task.created' && b.data.id === created.body.id);
    expect(first?.data).toMatchObject({ id: created.body.id, summary: 'Hooked task', Files: [] });
    const task = (await call(app, 'GET', `/tasks/${created.body.id}`, { token: owner.token })).body;
    expect(bodies.find((b) => b.type === 'task.updated')?.data).toEqual(task);
    expect(bodies.find((b) => b.type === 'task.stage_changed')?.data).toMatchObject({
      id: assigned.body.id,
      stage: 'In Progress',
    });
    const applicant = bodies.find((b) => b.type === 'application.received')?.data as {
      userID: string;
      message: string;
      user: { id: string };
    };
    expect(applicant).toMatchObject({ userID: dev.user.id, message: 'Me!', projectID: project.id });
    expect(bodies.find((b) => b.type === 'member.added')?.data).toMatchObject({ userID: dev.user.id, role: 'Admin' });
    for (const r of received) verifyIndependently(hook.secret, r);
  });

  it('retry a failing receiver after 1 min, 5 min, 30 min, 2 h and 6 h, with the same id, then fail', async () => {
    const { owner, project, hook } = await ownerWithHook();
    answer = { status: 500, body: 'x'.repeat(5000) };
    const start = clock;
    try {
      const test = await call(app, 'POST', `/projects/${project.id}/webhooks/${hook.id}/test`, { token: owner.token });
      const delivery = () =>
        app.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, test.body.id))
          .then((r) => r[0]);
      await runJobs();
      expect(received).toHaveLength(1);
      let at = start;
      for (const [i, delay] of [60, 300, 1800, 7200, 21600].entries()) {
        expect(await delivery()).toMatchObject({ status: 'pending', attempts: i + 1, lastStatusCode: 500 });
        clock = at + delay * 1000 - 1000;
        await runJobs();
        expect(received, `not before ${delay} s`).toHaveLength(i + 1);
        clock = at + delay * 1000;
        at = clock;
        await runJobs();
        expect(received).toHaveLength(i + 2);
      }
      const last = await delivery();
      expect(last).toMatchObject({ status: 'failed', attempts: 6, lastStatusCode: 500 });
      expect(last.lastResponse?.length).toBeLessThanOrEqual(1024);
      expect(new Set(received.map((r) => r.headers['webhook-id']))).toEqual(new Set([test.body.id]));
      // Each attempt is signed for its own timestamp.
      expect(new Set(received.map((r) => r.headers['webhook-timestamp'])).size).toBe(6);
      clock += 86_400_000;
      await runJobs();
      expect(received).toHaveLength(6);
      const [job] = await app.db.select().from(jobs).where(sql`${jobs.payload}->>'deliveryId' = ${test.body.id}`);
      expect(job.status).toBe('failed');
    } finally {
      clock = start;
    }
  });

  it('follow no redirect', async () => {
    const { owner, project, hook } = await ownerWithHook();
    answer = { status: 302, headers: { location: `${receiverUrl}/elsewhere` } };
    await call(app, 'POST', `/projects/${project.id}/webhooks/${hook.id}/test`, { token: owner.token });
    await runJobs();
    expect(received.map((r) => r.path)).toEqual(['/hook']);
    const [d] = await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(d).toMatchObject({ status: 'pending', lastStatusCode: 302 });
  });

  it("lose nothing to a crash between the cause and the delivery: the job is in the cause's transaction", async () => {
    const { owner, project } = await ownerWithHook();
    const created = await call(app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: project.id, summary: 'Before the crash' },
    });
    expect(created.status).toBe(200);
    // A cause that fails writes no delivery either (an assignee who is not a member: 422, rolled back).
    const outsider = await createUser(app);
    const refused = await call(app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: project.id, summary: 'Never', assigneeID: outsider.user.id },
    });
    expect(refused.status).toBe(422);
    const [hookRow] = await app.db.select().from(webhooks).where(eq(webhooks.projectId, project.id));
    const pending = await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookRow.id));
    expect(pending).toHaveLength(1);
    // The process dies before any job runs; another one starts on the same database and sends it.
    const restarted = await makeApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    try {
      await runJobs(restarted);
    } finally {
      await restarted.close();
    }
    expect(received).toHaveLength(1);
    const body = JSON.parse(received[0].body);
    expect(body).toMatchObject({ type: 'task.created', data: { id: created.body.id, summary: 'Before the crash' } });
  });

  it('refuse loopback, private, link-local and metadata addresses without WEBHOOK_ALLOW_PRIVATE, and http', async () => {
    const owner = await createUser(strict);
    const project = await createProject(strict, owner.user.id);
    const post = (url: string) =>
      call(strict, 'POST', `/projects/${project.id}/webhooks`, {
        token: owner.token,
        body: { url, events: ['task.created'] },
      });
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://localhost:8443/hook',
      'https://0.0.0.0/hook',
    ]) {
      expectValidationError(await post(url), {
        url: 'This address points to a private or local network and cannot receive webhooks',
      });
    }
    expectValidationError(await post('http://93.184.215.14/hook'), { url: 'Enter an https:// address' });
    expectValidationError(await post('ftp://example.com/x'), { url: 'Enter an https:// address' });
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '::1',
      '0.0.0.0',
      '100.64.0.1',
      '172.16.5.4',
      '192.168.1.1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('check the address again at delivery: a name that now resolves to a private address is refused', async () => {
    const owner = await createUser(strict);
    const project = await createProject(strict, owner.user.id);
    // As if `localhost` had resolved to a public address when the webhook was added.
    const port = (receiver.address() as { port: number }).port;
    const [hook] = await strict.db
      .insert(webhooks)
      .values({
        projectId: project.id,
        url: `https://localhost:${port}/hook`,
        events: ['task.created'],
        secret: `whsec_${randomBytes(24).toString('base64')}`,
        createdBy: owner.user.id,
      })
      .returning();
    const test = await call(strict, 'POST', `/projects/${project.id}/webhooks/${hook.id}/test`, { token: owner.token });
    expect(test.status).toBe(200);
    await runJobs(strict);
    expect(received).toHaveLength(0);
    const [d] = await strict.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, test.body.id));
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(d.lastError).toMatch(/^refused/);
  });

  it('give up on a receiver that does not answer in time', async () => {
    const silent = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    try {
      const target = { url: new URL(`http://127.0.0.1:${port}/`), address: '127.0.0.1', family: 4 as const };
      await expect(postToTarget(target, {}, '{}', 200)).rejects.toThrow(/no answer within/);
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });
});
