import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export type ApiUser = { email: string; password: string; token: string; firstName: string; lastName: string };

/** Signs up a user through the real API (each test makes its own users, so tests run in parallel). */
export async function signUpViaApi(
  request: APIRequestContext,
  opts: { type?: 'Client' | 'Developer'; firstName?: string; lastName?: string } = {},
): Promise<ApiUser> {
  const suffix = randomBytes(5).toString('hex');
  const email = `e2e-${suffix}@example.com`;
  const password = `pw-${suffix}-secure`;
  const firstName = opts.firstName ?? 'Erin';
  const lastName = opts.lastName ?? `Tester${suffix.slice(0, 4)}`;
  const r = await request.post('/api/v1/auth/sign-up', {
    data: { email, password, firstName, lastName, tos: true, type: opts.type ?? 'Client' },
  });
  expect(r.status(), await r.text()).toBe(200);
  const { accessToken } = await r.json();
  return { email, password, token: accessToken, firstName, lastName };
}

/** Puts the token in the AccessToken cookie, as the web app does after login. */
export async function useToken(page: Page, token: string) {
  const url = new URL(page.context().pages()[0]?.url() || 'http://127.0.0.1');
  await page.context().addCookies([
    { name: 'AccessToken', value: token, domain: process.env.E2E_HOST ?? '127.0.0.1', path: '/', sameSite: 'Lax' },
    // The server sets this hint beside the session cookie (SESSION_HINT_COOKIE): the app asks
    // GET /user only when it is there.
    { name: 'dm_signed_in', value: '1', domain: process.env.E2E_HOST ?? '127.0.0.1', path: '/', sameSite: 'Lax' },
  ]);
  void url;
}

export const test = base;
export { expect };

/** Created by scripts/e2e-server.mjs before the server starts. */
export const E2E_STAFF = { email: 'staff@e2e.test', password: 'staff-e2e-password' };

export async function loginViaApi(request: APIRequestContext, email: string, password: string): Promise<string> {
  const r = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()).accessToken;
}
