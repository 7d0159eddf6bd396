import { type RealtimeEventType, realtimeEventSchema } from '@devmarket/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppEvent, publishAfterCommit, publishInTransaction } from '../../../src/modules/realtime/event-bus';
import { fundUser } from '../../factories/money';
import { createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildListeningTestApp, call } from '../../helper';

/**
 * Every event real flows publish, as every instance's listener receives it from PostgreSQL, parses
 * against the contract's union (issue 14). 'transaction' events come from the chain watcher; the
 * chain test (payments/chain.test.ts) publishes them with the same check switched on.
 */
let app: FastifyInstance;
let closeAll: () => Promise<void>;
let unsubscribe: () => void;
const received: AppEvent[] = [];
const waiters = new Set<() => void>();

beforeAll(async () => {
  ({ app, close: closeAll } = await buildListeningTestApp());
  unsubscribe = app.ctx.events.subscribe((e) => {
    received.push(e);
    for (const w of [...waiters]) w();
  });
});
afterAll(async () => {
  unsubscribe?.();
  await closeAll?.();
});

/** Resolves with the first received event (already in or arriving) that matches. */
function waitFor(match: (e: AppEvent) => boolean, ms = 5000): Promise<AppEvent> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const hit = received.find(match);
      if (!hit) return;
      waiters.delete(check);
      clearTimeout(timer);
      resolve(hit);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`no matching event within ${ms} ms; got ${received.map((e) => e.type).join(', ')}`));
    }, ms);
    waiters.add(check);
    check();
  });
}
const ofType = (type: RealtimeEventType, userId: string) => (e: AppEvent) =>
  e.type === type && e.userIds.includes(userId);

describe('realtime events of real flows', () => {
  it('parse against the contract union, one flow per event type', async () => {
    const owner = await createUser(app, { type: 'Client' });
    const dev = await createUser(app, { type: 'Developer' });
    const invitee = await createUser(app, { type: 'Developer' });

    // balance: a ledger posting, published inside its transaction.
    await fundUser(app, owner.user.id, '50');
    await waitFor(ofType('balance', owner.user.id));

    // message and thread_read.
    const sent = await call(app, 'POST', '/messages', { token: owner.token, body: { to: dev.user.id, text: 'Hi' } });
    expect(sent.status).toBe(200);
    await waitFor(ofType('message', dev.user.id));
    expect((await call(app, 'POST', `/threads/${sent.body.threadID}/read`, { token: dev.token })).status).toBe(200);
    await waitFor(ofType('thread_read', dev.user.id));

    // application, and the owner's notification about it.
    const project = await createProject(app, owner.user.id);
    const applied = await call(app, 'POST', `/applications/project/${project.id}/apply`, {
      token: dev.token,
      body: { message: 'I can help' },
    });
    expect(applied.status).toBe(200);
    await waitFor(ofType('application', owner.user.id));
    await waitFor((e) => ofType('notification', owner.user.id)(e) && 'notification' in e.data);

    // An invite (a PROJECT_INVITE message), accepted: project.
    const invited = await call(app, 'POST', `/invites/projects/${project.id}`, {
      token: owner.token,
      body: { userID: invitee.user.id },
    });
    expect(invited.status).toBe(200);
    await waitFor(
      (e) => ofType('message', invitee.user.id)(e) && (e.data.message as { type?: string }).type === 'PROJECT_INVITE',
    );
    expect((await call(app, 'POST', `/invites/projects/${project.id}/accept`, { token: invitee.token })).status).toBe(
      200,
    );
    await waitFor(ofType('project', owner.user.id));

    // task.
    const task = await call(app, 'POST', '/tasks', {
      token: owner.token,
      body: { projectID: project.id, summary: 'Live card' },
    });
    expect(task.status).toBe(200);
    await waitFor(ofType('task', invitee.user.id));

    // notification, the read form.
    expect((await call(app, 'POST', '/notifications/read', { token: owner.token, body: {} })).status).toBe(200);
    await waitFor((e) => ofType('notification', owner.user.id)(e) && e.data.read === 'all');

    for (const event of received) {
      const parsed = realtimeEventSchema.safeParse(event);
      expect(parsed.success, `${event.type}: ${JSON.stringify(event.data).slice(0, 300)}`).toBe(true);
    }
    const all = realtimeEventSchema.options.map((o) => o.shape.type.value);
    const seen = new Set(received.map((e) => e.type));
    expect(all.filter((type) => !seen.has(type))).toEqual(['transaction']);
  });

  it('a too-large event arrives in its truncated form, which the union also describes', async () => {
    const u = await createUser(app, { type: 'Client' });
    const message = {
      id: 'm-large',
      threadID: 'th-large',
      userID: u.user.id,
      text: 'x'.repeat(9000),
      type: 'text' as const,
      projectID: null,
      projectHandle: null,
      projectName: null,
      createdAt: new Date().toISOString(),
    };
    await publishAfterCommit(app.ctx, {
      type: 'message',
      userIds: [u.user.id],
      data: { threadID: 'th-large', message },
    });
    const got = await waitFor(ofType('message', u.user.id));
    expect(got.data).toEqual({ truncated: true, threadID: 'th-large' });
    expect(realtimeEventSchema.safeParse(got).success).toBe(true);
  });

  it('refuses, outside production, an event whose data does not match its type', async () => {
    const wrong = { type: 'task', userIds: ['u1'], data: { projectID: 'p1' } } as never;
    await expect(publishAfterCommit(app.ctx, wrong)).rejects.toThrow(/'task' does not match the contract/);
    await expect(app.db.transaction((tx) => publishInTransaction(tx, wrong))).rejects.toThrow(
      /does not match the contract/,
    );
    await expect(
      publishAfterCommit(app.ctx, { type: 'balance', userIds: ['u1'], data: { balance: '1', held: 'lots' } }),
    ).rejects.toThrow(/does not match the contract/);
  });
});
