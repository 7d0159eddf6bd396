import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/context';
import { sessionsRepo } from '../../../src/modules/auth/sessions.repo';
import { MAX_BUFFERED_BYTES, MAX_STREAMS_PER_USER, StreamHub, hubOf } from '../../../src/modules/realtime/hub';
import { createUser } from '../../factories/users';
import { buildListeningTestApp, call } from '../../helper';
import { openStream, type SseStream } from './sse-client';

let app: FastifyInstance;
let base: string;
let closeAll: () => Promise<void>;
const streams: SseStream[] = [];

beforeAll(async () => {
  ({ app, base, close: closeAll } = await buildListeningTestApp());
});
afterAll(async () => {
  for (const s of streams) s.close();
  await closeAll?.();
});

async function connect(token: string, how: 'cookie' | 'query' | 'bearer' = 'cookie') {
  const s =
    how === 'query'
      ? await openStream(`${base}/events?token=${encodeURIComponent(token)}`)
      : await openStream(
          `${base}/events`,
          how === 'cookie' ? { cookie: `AccessToken=${token}` } : { authorization: `Bearer ${token}` },
        );
  streams.push(s);
  return s;
}

describe('GET /api/v1/events', () => {
  it('answers 401 without a valid token', async () => {
    const r = await call(app, 'GET', '/events');
    expect(r.status).toBe(401);
    const bad = await openStream(`${base}/events`, { cookie: 'AccessToken=nope' });
    expect(bad.status).toBe(401);
    bad.close();
  });

  it('streams a new message to both participants only, with the cookie, query or bearer token', async () => {
    const client = await createUser(app, { type: 'Client' });
    const dev = await createUser(app, { type: 'Developer' });
    const outsider = await createUser(app, { type: 'Developer' });
    const devStream = await connect(dev.token, 'cookie');
    const clientStream = await connect(client.token, 'query');
    const outsiderStream = await connect(outsider.token, 'bearer');
    expect(devStream.status).toBe(200);

    const sent = await call(app, 'POST', '/messages', {
      token: client.token,
      body: { to: dev.user.id, text: 'Live!' },
    });
    expect(sent.status).toBe(200);
    const got = await devStream.waitFor((e) => e.type === 'message');
    expect(got.data).toMatchObject({ threadID: sent.body.threadID, message: { id: sent.body.id, text: 'Live!' } });
    await clientStream.waitFor((e) => e.type === 'message');
    // The frame names no audience, and outsiders get nothing.
    expect(got).not.toHaveProperty('userIds');
    // A later event to the outsider arrives after anything the message could have sent them.
    await app.ctx.events.publish({ type: 'balance', userIds: [outsider.user.id], data: {} });
    await outsiderStream.waitFor((e) => e.type === 'balance');
    expect(outsiderStream.events.map((e) => e.type)).toEqual(['balance']);

    // Marking read tells the reader's other tabs.
    await call(app, 'POST', `/threads/${sent.body.threadID}/read`, { token: dev.token });
    await devStream.waitFor((e) => e.type === 'thread_read' && e.data.threadID === sent.body.threadID);
  });

  it('delivers events published by other modules to their audience', async () => {
    const a = await createUser(app, { type: 'Client' });
    const s = await connect(a.token);
    await app.ctx.events.publish({ type: 'balance', userIds: [a.user.id], data: { balance: '10' } });
    await app.ctx.events.publish({ type: 'task', userIds: ['someone-else'], data: { projectID: 'p' } });
    expect((await s.waitFor((e) => e.type === 'balance')).data).toEqual({ balance: '10' });
    expect(s.events.some((e) => e.type === 'task')).toBe(false);
  });

  it('cuts a stream whose token is revoked after connect at the next sweep', async () => {
    const u = await createUser(app, { type: 'Client' });
    const other = await createUser(app, { type: 'Client' });
    const s = await connect(u.token);
    const keep = await connect(other.token);
    const me = await call(app, 'POST', '/auth/logout', { token: u.token });
    expect(me.status).toBe(200);
    await hubOf(app.ctx)?.sweep();
    await s.ended;
    // The other user's stream stays open and still receives events.
    await app.ctx.events.publish({ type: 'balance', userIds: [other.user.id], data: {} });
    await keep.waitFor((e) => e.type === 'balance');
  });

  it('keeps at most a few streams per user, closing the oldest', async () => {
    const u = await createUser(app, { type: 'Client' });
    const token = await sessionsRepo.create(app.db, u.user.id, { userAgent: null, ip: null }, app.ctx.now());
    const opened: SseStream[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_USER; i++) {
      opened.push(await connect(token));
    }
    await opened[0].ended;
    await app.ctx.events.publish({ type: 'balance', userIds: [u.user.id], data: {} });
    await opened[MAX_STREAMS_PER_USER].waitFor((e) => e.type === 'balance');
  });
});

describe('StreamHub', () => {
  function fakeRes(writableLength: number) {
    const writes: string[] = [];
    const res = {
      writableLength,
      writableEnded: false,
      write: (c: string) => writes.push(c),
      end: () => {
        res.writableEnded = true;
      },
    };
    return { res: res as unknown as ServerResponse, writes, state: res };
  }

  it('closes a slow consumer instead of queueing for it', () => {
    let onEvent: (e: { type: string; userIds: string[]; data: Record<string, unknown> }) => void = () => {};
    const ctx = {
      events: {
        subscribe: (f: typeof onEvent) => {
          onEvent = f;
          return () => {};
        },
      },
      log: { warn: () => {} },
    } as unknown as AppContext;
    const hub = new StreamHub(ctx);
    const fast = fakeRes(0);
    const slow = fakeRes(MAX_BUFFERED_BYTES + 1);
    hub.add('u1', 's1', fast.res);
    hub.add('u1', 's2', slow.res);
    expect(hub.size).toBe(2);
    onEvent({ type: 'message', userIds: ['u1', 'u1'], data: { a: 1 } });
    expect(fast.writes).toEqual(['data: {"type":"message","data":{"a":1}}\n\n']);
    expect(slow.writes).toEqual([]);
    expect(slow.state.writableEnded).toBe(true);
    expect(hub.size).toBe(1);
    hub.closeAll();
    expect(hub.size).toBe(0);
  });
});
