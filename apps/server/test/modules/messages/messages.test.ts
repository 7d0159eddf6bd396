import { randomBytes, randomUUID } from 'node:crypto';
import { MESSAGE_MSG, MESSAGE_TEXT_MAX, MSG, SEND_MESSAGE_DEFAULT_TEXT } from '@devmarket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../src/db/schema/index';
import { threadsRepo } from '../../../src/modules/messages/threads.repo';
import { createUser } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function pair() {
  const client = await createUser(t.app, { type: 'Client', firstName: 'Cleo', lastName: 'Client' });
  const dev = await createUser(t.app, { type: 'Developer', firstName: 'Dana', lastName: 'Dev', title: 'React dev' });
  return { client, dev };
}

async function send(token: string, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/messages', { token, body });
}

describe('POST /messages', () => {
  it('creates the thread on first contact and answers with threadID', async () => {
    const { client, dev } = await pair();
    const r = await send(client.token, { to: dev.user.id, text: SEND_MESSAGE_DEFAULT_TEXT });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      threadID: expect.any(String),
      userID: client.user.id,
      text: SEND_MESSAGE_DEFAULT_TEXT,
      type: 'text',
      projectID: null,
    });

    // The same pair reuses the thread, whoever writes first, with or without threadID.
    const again = await send(dev.token, { to: client.user.id, text: 'Hello!' });
    expect(again.body.threadID).toBe(r.body.threadID);
    const withId = await send(client.token, { to: dev.user.id, text: 'Third', threadID: r.body.threadID });
    expect(withId.body.threadID).toBe(r.body.threadID);
  });

  it('accepts an upper-case recipient id (the pair is ordered as stored)', async () => {
    const { client, dev } = await pair();
    const r = await send(client.token, { to: dev.user.id.toUpperCase(), text: 'Hi' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('answers 422 on empty, blank or oversized text, and changes nothing', async () => {
    const { client, dev } = await pair();
    expectValidationError(await send(client.token, { to: dev.user.id, text: '' }), { text: MSG.required });
    expectValidationError(await send(client.token, { to: dev.user.id, text: '   \n ' }), { text: MSG.required });
    expectValidationError(await send(client.token, { to: dev.user.id }), { text: MSG.required });
    expectValidationError(await send(client.token, { to: dev.user.id, text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }), {
      text: MESSAGE_MSG.tooLong,
    });
    const ok = await send(client.token, { to: dev.user.id, text: 'x'.repeat(MESSAGE_TEXT_MAX) });
    expect(ok.status).toBe(200);
    const threads = await call(t.app, 'GET', '/threads', { token: client.token });
    expect(threads.body).toHaveLength(1);
  });

  it('refuses a missing recipient, oneself, a malformed id and a thread of another pair', async () => {
    const { client, dev } = await pair();
    expectValidationError(await send(client.token, { to: randomUUID(), text: 'Hi' }), { to: MESSAGE_MSG.noRecipient });
    expectValidationError(await send(client.token, { to: client.user.id, text: 'Hi' }), { to: MESSAGE_MSG.self });
    expectValidationError(await send(client.token, { to: 'nope', text: 'Hi' }), { to: /./ });

    const other = await createUser(t.app, { type: 'Client' });
    const mine = await send(client.token, { to: dev.user.id, text: 'Hi' });
    // A thread the sender is not in does not exist for them.
    const theirs = await send(other.token, { to: client.user.id, text: 'Hi', threadID: mine.body.threadID });
    expect(theirs.status).toBe(404);
    // A thread the sender is in, but with someone else.
    const wrongPair = await send(client.token, { to: other.user.id, text: 'Hi', threadID: mine.body.threadID });
    expectValidationError(wrongPair, { threadID: MESSAGE_MSG.wrongThread });
  });

  it('never posts as someone else: a userID in the body is ignored', async () => {
    const { client, dev } = await pair();
    const r = await send(client.token, { to: dev.user.id, text: 'Hi', userID: dev.user.id });
    expect(r.body.userID).toBe(client.user.id);
    const p = await call(t.app, 'POST', `/threads/${r.body.threadID}/messages`, {
      token: client.token,
      body: { text: 'Again', userID: dev.user.id },
    });
    expect(p.status).toBe(200);
    expect(p.body.userID).toBe(client.user.id);
  });

  it('needs a token, and a verified account to send', async () => {
    const { dev } = await pair();
    expect((await call(t.app, 'POST', '/messages', { body: { to: dev.user.id, text: 'Hi' } })).status).toBe(401);
    const pending = await createUser(t.app, { type: 'Developer', verified: false });
    expect((await send(pending.token, { to: dev.user.id, text: 'Hi' })).status).toBe(403);
  });
});

describe('threads', () => {
  it('lists the conversations with names, images, last message and unread counts', async () => {
    const { client, dev } = await pair();
    const first = await send(client.token, { to: dev.user.id, text: 'One' });
    await send(client.token, { to: dev.user.id, text: 'Two' });

    const forDev = await call(t.app, 'GET', '/threads', { token: dev.token });
    expect(forDev.status).toBe(200);
    expect(forDev.body).toHaveLength(1);
    const th = forDev.body[0];
    expect(th).toMatchObject({
      id: first.body.threadID,
      lastMessage: 'Two',
      unread: 2,
      otherUser: { id: client.user.id, firstName: 'Cleo', lastName: 'Client', type: 'Client' },
    });
    expect([th.user1Name, th.user2Name].sort()).toEqual(['Cleo Client', 'Dana Dev']);
    expect(th.user1ID < th.user2ID).toBe(true);
    expect(th).not.toHaveProperty('otherUser.email');

    // The sender has read their own messages.
    const forClient = await call(t.app, 'GET', '/threads', { token: client.token });
    expect(forClient.body[0]).toMatchObject({ unread: 0, otherUser: { id: dev.user.id, title: 'React dev' } });

    expect((await call(t.app, 'GET', '/threads/unread', { token: dev.token })).body).toEqual({ count: 1 });
    expect((await call(t.app, 'GET', '/threads/unread', { token: client.token })).body).toEqual({ count: 0 });

    const read = await call(t.app, 'POST', `/threads/${th.id}/read`, { token: dev.token });
    expect(read.status).toBe(200);
    expect((await call(t.app, 'GET', '/threads/unread', { token: dev.token })).body).toEqual({ count: 0 });
    expect((await call(t.app, 'GET', `/threads/${th.id}`, { token: dev.token })).body.unread).toBe(0);

    // Answering makes it unread for the other side.
    await call(t.app, 'POST', `/threads/${th.id}/messages`, { token: dev.token, body: { text: 'Reply' } });
    expect((await call(t.app, 'GET', '/threads/unread', { token: client.token })).body).toEqual({ count: 1 });
  });

  it('orders conversations by their latest message', async () => {
    const me = await createUser(t.app, { type: 'Client' });
    const a = await createUser(t.app, { type: 'Developer', firstName: 'Ann' });
    const b = await createUser(t.app, { type: 'Developer', firstName: 'Bob' });
    await send(me.token, { to: a.user.id, text: 'to a' });
    await send(me.token, { to: b.user.id, text: 'to b' });
    await send(me.token, { to: a.user.id, text: 'to a again' });
    const r = await call(t.app, 'GET', '/threads', { token: me.token });
    expect(r.body.map((x: { otherUser: { firstName: string } }) => x.otherUser.firstName)).toEqual(['Ann', 'Bob']);
  });

  it('keeps outsiders out: 404 on read, messages, post and mark-read; 401 without a token', async () => {
    const { client, dev } = await pair();
    const outsider = await createUser(t.app, { type: 'Developer' });
    const { body } = await send(client.token, { to: dev.user.id, text: 'Private' });
    const id = body.threadID;
    for (const [method, url, payload] of [
      ['GET', `/threads/${id}`, undefined],
      ['GET', `/threads/${id}/messages`, undefined],
      ['POST', `/threads/${id}/messages`, { text: 'Let me in' }],
      ['POST', `/threads/${id}/read`, undefined],
    ] as const) {
      const r = await call(t.app, method, url, { token: outsider.token, body: payload });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect((await call(t.app, method, url, { body: payload })).status).toBe(401);
    }
    expect((await call(t.app, 'GET', '/threads', { token: outsider.token })).body).toEqual([]);
    // Nothing was posted by the outsider.
    const msgs = await call(t.app, 'GET', `/threads/${id}/messages`, { token: client.token });
    expect(msgs.body.map((m: { text: string }) => m.text)).toEqual(['Private']);
    expect((await call(t.app, 'GET', '/threads/not-a-uuid/messages', { token: client.token })).status).toBe(404);
  });

  it('refuses empty and oversized text in a thread', async () => {
    const { client, dev } = await pair();
    const { body } = await send(client.token, { to: dev.user.id, text: 'Hi' });
    const url = `/threads/${body.threadID}/messages`;
    expectValidationError(await call(t.app, 'POST', url, { token: dev.token, body: { text: ' ' } }), {
      text: MSG.required,
    });
    expectValidationError(
      await call(t.app, 'POST', url, { token: dev.token, body: { text: 'y'.repeat(MESSAGE_TEXT_MAX + 1) } }),
      { text: MESSAGE_MSG.tooLong },
    );
  });
});

describe('GET /threads/{id}/messages', () => {
  it('pages newest last, and older pages with before', async () => {
    const { client, dev } = await pair();
    const first = await send(client.token, { to: dev.user.id, text: 'm0' });
    const id = first.body.threadID;
    for (let i = 1; i < 7; i++) {
      await call(t.app, 'POST', `/threads/${id}/messages`, {
        token: i % 2 ? dev.token : client.token,
        body: { text: `m${i}` },
      });
    }
    const texts = (r: { body: { text: string }[] }) => r.body.map((m) => m.text);
    const page1 = await call(t.app, 'GET', `/threads/${id}/messages?limit=3`, { token: dev.token });
    expect(texts(page1)).toEqual(['m4', 'm5', 'm6']);
    const page2 = await call(t.app, 'GET', `/threads/${id}/messages?limit=3&before=${page1.body[0].id}`, {
      token: dev.token,
    });
    expect(texts(page2)).toEqual(['m1', 'm2', 'm3']);
    const page3 = await call(t.app, 'GET', `/threads/${id}/messages?limit=3&before=${page2.body[0].id}`, {
      token: dev.token,
    });
    expect(texts(page3)).toEqual(['m0']);
    const all = await call(t.app, 'GET', `/threads/${id}/messages`, { token: client.token });
    expect(texts(all)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    // The list writes each message exactly as sending it answered (same ISO timestamp).
    expect(all.body[0]).toEqual(first.body);
    expectValidationError(await call(t.app, 'GET', `/threads/${id}/messages?limit=1000`, { token: dev.token }), {
      limit: /./,
    });
  });

  it('carries the project handle and name of a PROJECT_INVITE message', async () => {
    const { client, dev } = await pair();
    const handle = `acme-${randomBytes(3).toString('hex')}`;
    const [project] = await t.app.db
      .insert(projects)
      .values({
        handle,
        key: 'ACME',
        name: 'Acme shop',
        company: 'Acme',
        description: 'A shop',
        ownerId: client.user.id,
      })
      .returning();
    const thread = await threadsRepo.findOrCreate(t.app.db, client.user.id, dev.user.id);
    const invite = await threadsRepo.addMessage(t.app.db, {
      threadId: thread.id,
      userId: client.user.id,
      text: 'You are invited to Acme shop',
      type: 'PROJECT_INVITE',
      projectId: project.id,
    });
    const r = await call(t.app, 'GET', `/threads/${thread.id}/messages`, { token: dev.token });
    expect(r.body).toEqual([
      expect.objectContaining({
        id: invite.id,
        type: 'PROJECT_INVITE',
        projectID: project.id,
        projectHandle: handle,
        projectName: 'Acme shop',
      }),
    ]);
  });
});
