import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../../src/modules/notifications/notifications.service';
import { createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildListeningTestApp, call } from '../../helper';
import { openStream, type SseStream } from '../realtime/sse-client';

/** The live push of DESIGN §10: on the event stream once the cause commits, never on a rollback. */

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

const stream = async (token: string) => {
  const s = await openStream(`${base}/events?token=${encodeURIComponent(token)}`);
  streams.push(s);
  return s;
};

describe('notification events', () => {
  it('reach the recipient only, with the entry and the unread count', async () => {
    const owner = await createUser(app);
    const dev = await createUser(app, { type: 'Developer' });
    const p = await createProject(app, owner.user.id, { name: 'Live Co' });
    const ownerStream = await stream(owner.token);
    const devStream = await stream(dev.token);
    await call(app, 'POST', `/applications/project/${p.id}/apply`, { token: dev.token, body: { message: 'Hi' } });
    const e = await ownerStream.waitFor((x) => x.type === 'notification');
    expect(e.data).toMatchObject({
      unread: 1,
      notification: { type: 'application.received', title: 'New application to Live Co', readAt: null },
    });
    await call(app, 'POST', '/notifications/read', { token: owner.token, body: {} });
    expect((await ownerStream.waitFor((x) => x.type === 'notification' && x.data.unread === 0)).data.read).toBe('all');
    expect(devStream.events.filter((x) => x.type === 'notification')).toEqual([]);
  });

  it('are sent when the cause commits and never when it rolls back', async () => {
    const u = await createUser(app);
    const s = await stream(u.token);
    const base = { userId: u.user.id, type: 'deposit.credited', body: 'b', link: '/finances' } as const;
    await expect(
      app.db.transaction(async (tx) => {
        await notify(tx, { ...base, title: 'Rolled back' });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    await app.db.transaction(async (tx) => {
      await notify(tx, { ...base, title: 'Committed' });
    });
    await s.waitFor((x) => x.type === 'notification');
    const titles = s.events
      .filter((x) => x.type === 'notification')
      .map((x) => (x.data.notification as { title: string }).title);
    expect(titles).toEqual(['Committed']);
    expect((await call(app, 'GET', '/notifications/unread-count', { token: u.token })).body).toEqual({ count: 1 });
  });
});
