import { FILE_LINK_SECONDS, FILE_MSG } from '@devmarket/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_IN_URL_MSG } from '../../src/plugins/auth';
import { addMember, createProject } from '../factories/projects';
import { createUser } from '../factories/users';
import { buildTestApp, call, type TestApp } from '../helper';
import { multipart } from './fixtures';

/** DESIGN §9: the session token stays out of addresses; downloads use 60-second file links. */
let t: TestApp;
type U = Awaited<ReturnType<typeof createUser>>;
let owner: U;
let member: U;
let outsider: U;
let taskId: string;
let fileA: string;
let fileB: string;

async function upload(name: string, text: string): Promise<string> {
  const m = multipart('file', name, 'text/plain', Buffer.from(text));
  const r = await call(t.app, 'POST', `/tasks/${taskId}/upload`, {
    token: owner.token,
    body: m.payload,
    headers: { 'content-type': m.contentType },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  member = await createUser(t.app, { type: 'Developer' });
  outsider = await createUser(t.app, { type: 'Developer' });
  const project = await createProject(t.app, owner.user.id, { visibility: 'Private' });
  await addMember(t.app, project.id, member.user.id);
  taskId = (await call(t.app, 'POST', '/tasks', { token: owner.token, body: { projectID: project.id, summary: 'F' } }))
    .body.id;
  fileA = await upload('a.txt', 'file A');
  fileB = await upload('b.txt', 'file B');
});
afterEach(() => vi.useRealTimers());
afterAll(async () => t?.close());

const link = (token: string | undefined, fileId: string) =>
  call(t.app, 'POST', `/tasks/${taskId}/files/${fileId}/link`, { token });

describe('?token= outside the event stream and downloads', () => {
  it('is refused with 401, even next to a valid bearer token', async () => {
    for (const [method, url] of [
      ['GET', '/user/balance'],
      ['GET', '/user'],
      ['POST', '/user'],
      ['GET', `/tasks/${taskId}`],
    ] as const) {
      const alone = await call(t.app, method, `${url}?token=${owner.token}`, {
        body: method === 'POST' ? {} : undefined,
      });
      expect(alone.status, `${method} ${url}`).toBe(401);
      expect(alone.body.msg).toBe(TOKEN_IN_URL_MSG);
      const withHeader = await call(t.app, method, `${url}?token=${owner.token}`, {
        token: owner.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect(withHeader.status, `${method} ${url} with header`).toBe(401);
    }
    expect((await call(t.app, 'GET', '/user/balance', { token: owner.token })).status).toBe(200);
  });
});

describe('file download links', () => {
  it('a member gets a link that downloads that file without any other credential', async () => {
    const r = await link(member.token, fileA);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.url).toMatch(new RegExp(`^/api/v1/tasks/${taskId}/files/${fileA}/download\\?token=dl\\.`));
    expect(r.body.url).not.toContain(member.token);
    const dl = await t.app.inject({ method: 'GET', url: r.body.url });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('file A');
  });

  it(`stops working after ${FILE_LINK_SECONDS} s, even with a session cookie`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Only Date is fake: the session check runs in SQL with the database's real clock.
    const start = new Date();
    vi.setSystemTime(start);
    const { url } = (await link(owner.token, fileA)).body;
    vi.setSystemTime(new Date(start.getTime() + (FILE_LINK_SECONDS - 1) * 1000));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    vi.setSystemTime(new Date(start.getTime() + (FILE_LINK_SECONDS + 1) * 1000));
    const late = await t.app.inject({ method: 'GET', url, cookies: { AccessToken: owner.token } });
    expect(late.statusCode).toBe(401);
    expect(late.json().msg).toBe(FILE_MSG.linkExpired);
  });

  it('does not open another file, and cannot be altered', async () => {
    const { url } = (await link(owner.token, fileA)).body as { url: string };
    const other = url.replace(fileA, fileB);
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(401);
    const tampered = url.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(401);
    const forged = url.replace(owner.user.id, outsider.user.id);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(401);
  });

  it('follows the download rules: not for outsiders or guests', async () => {
    const download = await call(t.app, 'GET', `/tasks/${taskId}/files/${fileA}/download`, { token: outsider.token });
    expect(download.status).toBe(404);
    expect((await link(outsider.token, fileA)).status).toBe(download.status);
    expect((await link(undefined, fileA)).status).toBe(401);
    expect((await link(owner.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('the session token in ?token= still works on the download route (older clients)', async () => {
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks/${taskId}/files/${fileB}/download?token=${owner.token}`,
    });
    expect(dl.statusCode).toBe(200);
  });
});
