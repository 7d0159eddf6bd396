import { APPROVAL_MSG } from '@devmarket/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developerApprovals } from '../../../src/db/schema/index';
import { createStaff, createUser, lastMailTo, signUpViaApi, verificationCodeFor } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const VETTED = { checks: { identity: true, skills: true, experience: true } };

/** A developer through onboarding: sign-up, code, profile, links (→ pending). */
async function onboardedDeveloper() {
  const { email, token } = await signUpViaApi(t.app, { type: 'Developer' });
  await call(t.app, 'GET', `/auth/verify-email/${await verificationCodeFor(t.app, email)}`, { token });
  const username = `d${Math.random().toString(36).slice(2, 10)}`;
  expect((await call(t.app, 'POST', '/user', { token, body: { username, title: 'Dev', about: 'Hi' } })).status).toBe(
    200,
  );
  const links = await call(t.app, 'POST', '/user', { token, body: { github: username, linkedin: null } });
  expect(links.status).toBe(200);
  return { email, token, id: links.body.id as string, username };
}

describe('staff review of developers', () => {
  it('submitting the links step puts a developer in the pending queue', async () => {
    const staff = await createStaff(t.app);
    const dev = await onboardedDeveloper();
    const r = await call(t.app, 'GET', '/admin/developers?status=pending', { token: staff.token });
    expect(r.status).toBe(200);
    const row = r.body.developers.find((d: { id: string }) => d.id === dev.id);
    expect(row).toMatchObject({
      email: dev.email,
      emailVerified: true,
      reviewStatus: 'pending',
      github: `https://github.com/${dev.username}`,
      username: dev.username,
    });
    expect(row).not.toHaveProperty('passwordHash');
    expect(r.body.pages).toBeGreaterThanOrEqual(1);
  });

  it('approve makes the developer verified and mails them', async () => {
    const staff = await createStaff(t.app);
    const dev = await onboardedDeveloper();
    const r = await call(t.app, 'POST', `/admin/developers/${dev.id}/approve`, { token: staff.token, body: VETTED });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ reviewStatus: 'approved', verified: true });
    expect((await call(t.app, 'GET', '/user', { token: dev.token })).body.verified).toBe(true);
    expect((await lastMailTo(t.app, dev.email)).subject).toBe('Your DevMarket account is approved');
    const pending = await call(t.app, 'GET', '/admin/developers', { token: staff.token });
    expect(pending.body.developers.some((d: { id: string }) => d.id === dev.id)).toBe(false);
    const approved = await call(t.app, 'GET', '/admin/developers?status=approved', { token: staff.token });
    expect(approved.body.developers.some((d: { id: string }) => d.id === dev.id)).toBe(true);
  });

  it('approval needs the three checks (422 on checks), keeps the note to 1,000 characters and records the vetting (DESIGN §19)', async () => {
    const staff = await createStaff(t.app);
    const dev = await onboardedDeveloper();
    const approve = (body: unknown) =>
      call(t.app, 'POST', `/admin/developers/${dev.id}/approve`, { token: staff.token, body });
    for (const body of [
      undefined,
      {},
      { checks: { identity: true, skills: true } },
      { checks: { identity: true, skills: false, experience: true } },
      { checks: { identity: 'yes', skills: true, experience: true } },
      { checks: true },
    ]) {
      const r = await approve(body);
      expect(r.body, JSON.stringify(body)).toMatchObject({ errors: { checks: APPROVAL_MSG.checks } });
      expectValidationError(r, { checks: APPROVAL_MSG.checks });
    }
    expectValidationError(await approve({ ...VETTED, note: 'n'.repeat(1001) }), { note: /1000/ });
    expect((await call(t.app, 'GET', '/user', { token: dev.token })).body.reviewStatus).toBe('pending');

    t.app.ctx.now = () => new Date('2026-11-25T10:00:00.000Z');
    try {
      const r = await approve({ ...VETTED, note: 'Met on a video call; reviewed two repositories.' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.verifiedAt).toBe('2026-11-25T10:00:00.000Z');
    } finally {
      t.app.ctx.now = () => new Date();
    }
    const rows = await t.app.db.select().from(developerApprovals).where(eq(developerApprovals.userId, dev.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      approvedBy: staff.user.id,
      identity: true,
      skills: true,
      experience: true,
      note: 'Met on a video call; reviewed two repositories.',
    });
    expect(rows[0].createdAt.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    const profile = await call(t.app, 'GET', `/users/username/${dev.username}`);
    expect(profile.status).toBe(200);
    expect(profile.body.verifiedAt).toBe('2026-11-25T10:00:00.000Z');
    const client = await createUser(t.app);
    expect((await call(t.app, 'GET', '/user', { token: client.token })).body.verifiedAt).toBeNull();
  });

  it('reject mails the reason; new links send the developer back to review', async () => {
    const staff = await createStaff(t.app);
    const dev = await onboardedDeveloper();
    const r = await call(t.app, 'POST', `/admin/developers/${dev.id}/reject`, {
      token: staff.token,
      body: { reason: 'The GitHub profile is empty.' },
    });
    expect(r.status).toBe(200);
    expect(r.body.reviewStatus).toBe('rejected');
    const mail = await lastMailTo(t.app, dev.email);
    expect(mail.text).toContain('The GitHub profile is empty.');
    expect(mail.html).toContain('The GitHub profile is empty.');
    expect((await call(t.app, 'GET', '/user', { token: dev.token })).body.verified).toBe(false);
    await call(t.app, 'POST', '/user', { token: dev.token, body: { github: 'https://github.com/real-work' } });
    expect((await call(t.app, 'GET', '/user', { token: dev.token })).body.reviewStatus).toBe('pending');
  });

  it('reject works without a body', async () => {
    const staff = await createStaff(t.app);
    const dev = await onboardedDeveloper();
    expect((await call(t.app, 'POST', `/admin/developers/${dev.id}/reject`, { token: staff.token })).status).toBe(200);
  });

  it('refuses clients (409) and unknown ids (404)', async () => {
    const staff = await createStaff(t.app);
    const client = await createUser(t.app);
    const r = await call(t.app, 'POST', `/admin/developers/${client.user.id}/approve`, {
      token: staff.token,
      body: VETTED,
    });
    expect(r.status).toBe(409);
    const missing = await call(t.app, 'POST', '/admin/developers/00000000-0000-4000-8000-000000000000/approve', {
      token: staff.token,
      body: VETTED,
    });
    expect(missing.status).toBe(404);
    expect(
      (await call(t.app, 'POST', '/admin/developers/nope/approve', { token: staff.token, body: VETTED })).status,
    ).toBe(404);
  });

  it('is staff only: 401 for guests, 403 for clients, developers and unverified users', async () => {
    const client = await createUser(t.app);
    const dev = await createUser(t.app, { type: 'Developer' });
    const unverified = await createUser(t.app, { type: 'Developer', verified: false });
    const target = await onboardedDeveloper();
    const calls = [
      ['GET', '/admin/developers'],
      ['POST', `/admin/developers/${target.id}/approve`],
      ['POST', `/admin/developers/${target.id}/reject`],
      ['GET', '/admin/outbox'],
    ] as const;
    for (const [method, url] of calls) {
      expect((await call(t.app, method, url)).status).toBe(401);
      for (const u of [client, dev, unverified]) {
        expect((await call(t.app, method, url, { token: u.token })).status).toBe(403);
      }
    }
    expect((await call(t.app, 'GET', '/user', { token: target.token })).body.reviewStatus).toBe('pending');
  });

  it('rejects an unknown status filter with 422', async () => {
    const staff = await createStaff(t.app);
    const r = await call(t.app, 'GET', '/admin/developers?status=maybe', { token: staff.token });
    expect(r.status).toBe(422);
    expect(r.body.errors.status).toBeDefined();
  });
});

describe('outbox', () => {
  it('lists mails newest first, filtered by address, paginated', async () => {
    const staff = await createStaff(t.app);
    const { email, token } = await signUpViaApi(t.app);
    const r = await call(t.app, 'GET', `/admin/outbox?to=${encodeURIComponent(email.toUpperCase())}`, {
      token: staff.token,
    });
    expect(r.status).toBe(200);
    expect(r.body.mails).toHaveLength(1);
    expect(r.body.mails[0]).toMatchObject({ to: email, subject: expect.stringMatching(/verification code/) });
    expect(r.body.mails[0].text).toBeTruthy();
    expect(r.body.mails[0].html).toBeTruthy();
    void token;
    const all = await call(t.app, 'GET', '/admin/outbox?page=1', { token: staff.token });
    const times = all.body.mails.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.pages).toBeGreaterThanOrEqual(1);
  });
});
