import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_STAFF, loginViaApi, useToken } from './fixtures';

/** A user made through the public API, with a live access token. */
export type E2EUser = {
  email: string;
  password: string;
  token: string;
  id: string;
  firstName: string;
  lastName: string;
  username?: string;
};

/**
 * One staff login per request context (each server creates its own staff account). Not one per
 * worker: a worker also runs chain.spec, whose contexts talk to a second server, and a token of
 * one server is a 401 on the other.
 */
const staffTokens = new WeakMap<APIRequestContext, Promise<string>>();
function getStaffToken(request: APIRequestContext): Promise<string> {
  let token = staffTokens.get(request);
  if (!token) {
    token = loginViaApi(request, E2E_STAFF.email, E2E_STAFF.password);
    staffTokens.set(request, token);
  }
  return token;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest mail to `email` (read from the outbox as staff). */
export async function readLatestMail(
  request: APIRequestContext,
  email: string,
  subject?: RegExp,
): Promise<{ subject: string; text: string }> {
  const token = await getStaffToken(request);
  for (let i = 0; i < 20; i++) {
    const r = await request.get(`/api/v1/admin/outbox?to=${encodeURIComponent(email)}`, { headers: auth(token) });
    const { mails } = (await r.json()) as { mails: { subject: string; text: string }[] };
    const mail = mails.find((m) => !subject || subject.test(m.subject));
    if (mail) return mail;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`no mail to ${email}`);
}

/** Reads the newest verification code mailed to `email` from the outbox (as staff), retrying briefly. */
export async function readVerificationCode(request: APIRequestContext, email: string): Promise<string> {
  const token = await getStaffToken(request);
  for (let i = 0; i < 20; i++) {
    const r = await request.get(`/api/v1/admin/outbox?to=${encodeURIComponent(email)}`, { headers: auth(token) });
    expect(r.status(), await r.text()).toBe(200);
    const { mails } = (await r.json()) as { mails: { subject: string; text: string }[] };
    const code = mails.map((m) => /\b(\d{6})\b/.exec(m.subject)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`no verification code mailed to ${email}`);
}

async function signUpAndVerify(request: APIRequestContext, type: 'Client' | 'Developer'): Promise<E2EUser> {
  const suffix = randomBytes(5).toString('hex');
  const email = `e2e-${suffix}@example.com`;
  const password = `pw-${suffix}-secure`;
  const firstName = type === 'Client' ? 'Cleo' : 'Dana';
  const lastName = `${type === 'Client' ? 'Client' : 'Dev'}${suffix.slice(0, 4)}`;
  const r = await request.post('/api/v1/auth/sign-up', {
    data: { email, password, firstName, lastName, tos: true, type },
  });
  expect(r.status(), await r.text()).toBe(200);
  const { accessToken: token } = (await r.json()) as { accessToken: string };
  const code = await readVerificationCode(request, email);
  const v = await request.get(`/api/v1/auth/verify-email/${code}`, { headers: auth(token) });
  expect(v.status(), await v.text()).toBe(200);
  const me = await request.get('/api/v1/user', { headers: auth(token) });
  const { id } = (await me.json()) as { id: string };
  return { email, password, token, id, firstName, lastName };
}

/** A client whose e-mail is verified (so fully verified). */
export async function createVerifiedClient(request: APIRequestContext): Promise<E2EUser> {
  return signUpAndVerify(request, 'Client');
}

/** A developer who verified their e-mail, filled profile and links, and was approved by staff. */
export async function createApprovedDeveloper(
  request: APIRequestContext,
  opts: { tags?: string[]; title?: string } = {},
): Promise<E2EUser> {
  const user = await signUpAndVerify(request, 'Developer');
  const username = `dev-${randomBytes(4).toString('hex')}`;
  const p = await request.post('/api/v1/user', {
    headers: auth(user.token),
    data: {
      username,
      title: opts.title ?? 'Full-stack developer',
      about: 'I build reliable web applications.',
      tags: opts.tags ?? [],
    },
  });
  expect(p.status(), await p.text()).toBe(200);
  const l = await request.post('/api/v1/user', {
    headers: auth(user.token),
    data: { github: `https://github.com/${username}`, linkedin: '' },
  });
  expect(l.status(), await l.text()).toBe(200);
  const a = await request.post(`/api/v1/admin/developers/${user.id}/approve`, {
    headers: auth(await getStaffToken(request)),
    data: { checks: { identity: true, skills: true, experience: true }, note: 'E2E' },
  });
  expect(a.status(), await a.text()).toBe(200);
  return { ...user, username };
}

/** Signs the browser in as `user` by setting the AccessToken cookie (no UI round trip). */
export async function loginInBrowser(page: Page, user: Pick<E2EUser, 'token'>): Promise<void> {
  await useToken(page, user.token);
}
