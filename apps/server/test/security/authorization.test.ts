import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../helper';
import { ACTORS, type Actor, buildWorld, multipart, PNG, type World } from './fixtures';
import { listRoutes } from './openapi-routes';

/**
 * The authorization table: every route of the OpenAPI document, called by every kind of actor,
 * against real fixtures. Each cell is what the actor must get:
 *   'ok'   2xx;
 *   'pass' allowed past the access checks: anything but 401/403/404 and 5xx (a business rule may
 *          still refuse with 409/422, e.g. when an earlier actor already did it);
 *   401 / 403 / 404 exactly.
 * A route missing from the table fails the test, so a new route needs a policy.
 */
type Expect = 'ok' | 'pass' | 401 | 403 | 404 | 410;
type Policy = Record<Actor, Expect>;
type Entry = {
  policy: Policy;
  params?: (w: World, actor: Actor) => Record<string, string> | Promise<Record<string, string>>;
  body?: (w: World, actor: Actor) => unknown;
  multipart?: () => { payload: Buffer; contentType: string };
  /** The call revokes or changes the session it uses: give each actor a fresh token. */
  freshToken?: boolean;
  query?: string;
};

const all = (e: Expect): Policy => Object.fromEntries(ACTORS.map((a) => [a, e])) as Policy;
const p = (base: Policy, over: Partial<Policy> = {}): Policy => ({ ...base, ...over });

const PUBLIC = all('ok');
const PUBLIC_PASS = all('pass');
/** Any valid token, verified or not (onboarding and the account). */
const SIGNED_IN = p(all('ok'), { guest: 401 });
const SIGNED_IN_PASS = p(all('pass'), { guest: 401 });
/** Verified accounts only. */
const VERIFIED = p(all('ok'), { guest: 401, unverified: 403 });
const VERIFIED_PASS = p(all('pass'), { guest: 401, unverified: 403 });
const STAFF = p(all(403), { guest: 401, staff: 'ok' });
const STAFF_PASS = p(all(403), { guest: 401, staff: 'pass' });
/**
 * A private project exists only for its members and staff: everyone else gets 404, guests
 * included (the project pages are optional-auth).
 */
const PROJECT_READ = p(all(404), { member: 'ok', owner: 'ok', staff: 'ok' });
/** Tasks and files of a private project: verified members only (staff moderate projects, not work). */
const MEMBERS_READ = p(all(404), { guest: 401, unverified: 403, member: 'ok', owner: 'ok' });
const MEMBERS_ACT = p(MEMBERS_READ, { member: 'pass', owner: 'pass' });
/** The owner alone; members and staff are told no, outsiders see nothing. */
const OWNER_ONLY = p(all(404), { guest: 401, unverified: 403, member: 403, staff: 403, owner: 'ok' });
const OWNER_ONLY_PASS = p(OWNER_ONLY, { owner: 'pass' });
/** The owner's acts on a task: members are told no, outsiders of the private project see nothing. */
const OWNER_ACT = p(MEMBERS_ACT, { member: 403 });
/** Staff calls on a record that does not exist: staff get 404, everyone else is stopped first. */
const STAFF_MISSING = p(all(403), { guest: 401, staff: 404 });
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** The two people of a thread. */
const THREAD = p(all(404), { guest: 401, member: 'ok', owner: 'ok' });
/** Only the user whose transaction it is, and staff. */
const OWN_TRANSACTION = p(all(404), { guest: 401, owner: 'ok', staff: 'ok' });

const id = (w: World) => ({ id: w.project.id });
const taskId = (w: World) => ({ id: w.task.id });
const anyEmail = (actor: Actor) => `${actor}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const TABLE: Record<string, Entry> = {
  'GET /api/v1/health': { policy: PUBLIC },
  'POST /api/v1/auth/sign-up': {
    policy: PUBLIC,
    body: (_w, a) => ({ email: anyEmail(a), password: 'a-long-pass-phrase', firstName: 'A', lastName: 'B', tos: true }),
  },
  'POST /api/v1/auth/login': {
    policy: p(all(401)),
    body: () => ({ email: 'nobody@example.com', password: 'wrong-password' }),
  },
  'POST /api/v1/auth/login/2fa': {
    policy: p(all(401)),
    body: () => ({ ticket: 'x'.repeat(43), code: '123456' }),
  },
  // A guest's logout only clears the cookie (DESIGN §14): 200 for everyone.
  'POST /api/v1/auth/logout': { policy: PUBLIC, freshToken: true },
  'GET /api/v1/auth/cookie': { policy: SIGNED_IN_PASS },
  'GET /api/v1/_authcheck': { policy: SIGNED_IN },
  'GET /api/v1/auth/verify-email/{token}': { policy: PUBLIC_PASS, params: () => ({ token: 'x'.repeat(40) }) },
  'POST /api/v1/auth/forgot-password': { policy: PUBLIC, body: () => ({ email: 'nobody@example.com' }) },
  'POST /api/v1/auth/reset-password': {
    policy: PUBLIC_PASS,
    body: () => ({ token: 'x'.repeat(40), password: 'another-long-pass' }),
  },
  'GET /api/v1/user': { policy: SIGNED_IN },
  'POST /api/v1/user': { policy: SIGNED_IN, body: () => ({ location: 'Lisbon' }) },
  'POST /api/v1/user/resend-verification-email': { policy: SIGNED_IN_PASS },
  'POST /api/v1/user/update-password': {
    policy: SIGNED_IN_PASS,
    freshToken: true,
    body: () => ({ password: 'not-the-password', newPassword: 'a-new-long-password' }),
  },
  'POST /api/v1/user/2fa/setup': { policy: SIGNED_IN_PASS, body: () => ({ password: 'not-the-password' }) },
  'POST /api/v1/user/2fa/enable': { policy: SIGNED_IN_PASS, body: () => ({ code: '123456' }) },
  'POST /api/v1/user/2fa/disable': {
    policy: SIGNED_IN_PASS,
    body: () => ({ password: 'not-the-password', code: '123456' }),
  },
  'GET /api/v1/user/withdrawal-addresses': { policy: SIGNED_IN },
  'POST /api/v1/user/withdrawal-addresses': {
    policy: SIGNED_IN_PASS,
    body: () => ({ currency: 'ETH', address: `0x${'b'.repeat(40)}`, label: 'Mine' }),
  },
  /** Another user's address (or none): 404 for everyone signed in. */
  'DELETE /api/v1/user/withdrawal-addresses/{id}': {
    policy: p(all(404), { guest: 401 }),
    params: () => ({ id: NO_SUCH_ID }),
  },
  'POST /api/v1/user/withdrawal-settings': {
    policy: SIGNED_IN_PASS,
    body: () => ({ allowListOnly: true, password: 'not-the-password' }),
  },
  'GET /api/v1/user/sessions': { policy: SIGNED_IN },
  // Another user's (here: nobody's) session is a 404 for every signed-in caller.
  'DELETE /api/v1/user/sessions/{id}': { policy: p(all(404), { guest: 401 }), params: () => ({ id: NO_SUCH_ID }) },
  'POST /api/v1/user/sessions/revoke-others': { policy: SIGNED_IN, freshToken: true },
  'POST /api/v1/user/update-profile': { policy: SIGNED_IN, body: () => ({ profile: '# Hello' }) },
  'POST /api/v1/user/image': { policy: SIGNED_IN, multipart: () => multipart('image', 'a.png', 'image/png', PNG) },
  'GET /api/v1/users/images/{file}': { policy: PUBLIC, params: (w) => ({ file: w.imageFile }) },
  'GET /api/v1/users/talent': { policy: VERIFIED },
  'POST /api/v1/users/talent/search': { policy: VERIFIED, body: () => ({ query: 'dev' }) },
  'GET /api/v1/users/username/{username}': {
    policy: PUBLIC,
    params: (w) => ({ username: w.users.member.user.username as string }),
  },
  'GET /api/v1/users/{id}': { policy: SIGNED_IN, params: (w) => ({ id: w.users.member.user.id }) },

  'GET /api/v1/projects/my': { policy: VERIFIED },
  'GET /api/v1/projects/owned': { policy: VERIFIED },
  'GET /api/v1/projects/featured': { policy: PUBLIC },
  'GET /api/v1/projects/public': { policy: PUBLIC },
  'GET /api/v1/projects/verified': { policy: PUBLIC },
  'POST /api/v1/projects/search': { policy: PUBLIC, body: () => ({ query: 'project' }) },
  'POST /api/v1/projects': {
    policy: p(VERIFIED, { developer: 403, member: 403 }),
    body: () => ({ name: 'New one', description: 'Desc', company: 'Co' }),
  },
  'GET /api/v1/projects/id/{id}': { policy: PROJECT_READ, params: id },
  'GET /api/v1/projects/{id}/details': { policy: PROJECT_READ, params: id },
  'GET /api/v1/projects/{id}/users': { policy: PROJECT_READ, params: id },
  // DESIGN §17: the owner's recommendations (a private project: outsiders see nothing).
  'GET /api/v1/projects/{id}/recommended-talent': { policy: OWNER_ONLY, params: id },
  // A developer's "Projects for you": clients and staff accounts are told no.
  'GET /api/v1/projects/recommended': { policy: p(all(403), { guest: 401, developer: 'ok', member: 'ok' }) },
  'DELETE /api/v1/projects/{id}/users/{userId}': {
    policy: OWNER_ONLY_PASS,
    params: (w) => ({ id: w.project.id, userId: w.users.teammate.user.id }),
  },
  'POST /api/v1/projects/{id}': {
    policy: OWNER_ONLY,
    params: id,
    body: (w) => ({ name: w.project.name, description: 'Updated', company: 'Acme Inc', visibility: 'Private' }),
  },
  'DELETE /api/v1/projects/{id}': {
    policy: OWNER_ONLY_PASS,
    // A spare project with the same team, so deleting it harms no other row of the table.
    params: (w) => ({ id: w.spareProject.id }),
  },
  'GET /api/v1/projects/{handle}': { policy: PROJECT_READ, params: (w) => ({ handle: w.project.handle }) },

  'POST /api/v1/applications/project/{id}/apply': {
    // Only developers apply; the member is already on the team (409).
    policy: p(VERIFIED, { client: 403, otherOwner: 403, owner: 403, staff: 403, member: 'pass' }),
    params: (w) => ({ id: w.publicProject.id }),
    body: () => ({ message: 'Let me help.' }),
  },
  'GET /api/v1/applications/project/{id}/has-applied': {
    policy: VERIFIED,
    params: (w) => ({ id: w.publicProject.id }),
  },
  'GET /api/v1/project/{id}/applicants': {
    policy: p(VERIFIED, { developer: 403, client: 403, otherOwner: 403, member: 403, staff: 403 }),
    params: (w) => ({ id: w.publicProject.id }),
  },
  'POST /api/v1/applications/{projectID}/{applicationID}/ignore': {
    policy: p(VERIFIED, { developer: 403, client: 403, otherOwner: 403, member: 403, staff: 403 }),
    params: (w) => ({ projectID: w.publicProject.id, applicationID: w.applicationId }),
  },
  'POST /api/v1/invites/projects/{id}': {
    policy: OWNER_ONLY_PASS,
    params: id,
    body: (w) => ({ userID: w.users.invitee2.user.id }),
  },
  'GET /api/v1/invites/projects/{id}': { policy: OWNER_ONLY, params: id },
  'DELETE /api/v1/invites/projects/{id}/{userId}': {
    policy: OWNER_ONLY_PASS,
    params: (w) => ({ id: w.project.id, userId: w.users.invitee.user.id }),
  },
  // Nobody of the table holds an invite: accepting is refused to all (invites are tested in their module).
  'POST /api/v1/invites/projects/{id}/accept': { policy: p(all(404), { guest: 401, unverified: 403 }), params: id },
  'POST /api/v1/invites/projects/{id}/decline': { policy: p(all(404), { guest: 401, unverified: 403 }), params: id },
  'GET /api/v1/invites/projects/{id}/has-invite': {
    policy: p(all(404), { guest: 401, unverified: 403, member: 'ok', owner: 'ok', staff: 'ok' }),
    params: id,
  },

  'GET /api/v1/project/{id}/tasks': { policy: MEMBERS_READ, params: id },
  'GET /api/v1/tasks/{id}': { policy: MEMBERS_READ, params: taskId },
  'PUT /api/v1/tasks/{id}': { policy: MEMBERS_ACT, params: taskId, body: () => ({ summary: 'Secure the API' }) },
  'GET /api/v1/tasks/identifier/{identifier}': {
    policy: MEMBERS_READ,
    params: (w) => ({ identifier: w.task.identifier }),
  },
  'POST /api/v1/tasks': {
    policy: MEMBERS_ACT,
    params: () => ({}),
    body: (w) => ({ projectID: w.project.id, summary: 'Another task' }),
  },
  'POST /api/v1/tasks/{id}/stage': { policy: MEMBERS_ACT, params: taskId, body: () => ({ stage: 'ToDo' }) },
  // DESIGN §8: the owner's acts; the world's task is unassigned, so the owner passes to a 409.
  'POST /api/v1/tasks/{id}/unassign': { policy: OWNER_ACT, params: taskId },
  'POST /api/v1/tasks/{id}/request-changes': { policy: OWNER_ACT, params: taskId, body: () => ({ reason: 'Fix it' }) },
  // Owner or assignee (the member is neither here).
  'POST /api/v1/tasks/{id}/dispute': { policy: OWNER_ACT, params: taskId, body: () => ({ reason: 'Unpaid' }) },
  // Reviews (DESIGN §11): the two parties of a paid task; this task is unpaid, so the owner passes
  // the checks and meets the 409, the member (not the assignee) is refused.
  'POST /api/v1/tasks/{id}/review': {
    policy: p(MEMBERS_READ, { member: 403, owner: 'pass' }),
    params: taskId,
    body: () => ({ rating: 5 }),
  },
  'GET /api/v1/tasks/{id}/review': { policy: p(MEMBERS_READ, { member: 403, owner: 'pass' }), params: taskId },
  'GET /api/v1/users/{id}/reviews': { policy: PUBLIC, params: (w) => ({ id: w.users.member.user.id }) },
  'POST /api/v1/tasks/{id}/activity': { policy: MEMBERS_ACT, params: taskId, body: () => ({ text: 'A comment' }) },
  'POST /api/v1/tasks/{id}/upload': {
    policy: MEMBERS_ACT,
    params: taskId,
    multipart: () => multipart('file', 'spec.txt', 'text/plain', Buffer.from('hello')),
  },
  'GET /api/v1/tasks/{id}/files/{fileId}/download': {
    policy: MEMBERS_ACT,
    params: (w) => ({ id: w.task.id, fileId: w.file.id }),
  },
  // The download link follows the download's rules.
  'POST /api/v1/tasks/{id}/files/{fileId}/link': {
    policy: MEMBERS_ACT,
    params: (w) => ({ id: w.task.id, fileId: w.file.id }),
  },
  'DELETE /api/v1/tasks/{id}/files/{fileId}': {
    policy: MEMBERS_ACT,
    // A fresh file for every call, so each actor meets one that exists.
    params: async (w) => ({ id: w.task.id, fileId: (await w.upload(w.task.id)).id }),
  },

  // The route guard loads the (empty) thread list of an unverified user before onboarding.
  'GET /api/v1/threads': { policy: SIGNED_IN },
  'GET /api/v1/threads/unread': { policy: SIGNED_IN },
  'GET /api/v1/threads/{id}': { policy: THREAD, params: (w) => ({ id: w.threadID }) },
  'GET /api/v1/threads/{id}/messages': { policy: THREAD, params: (w) => ({ id: w.threadID }) },
  'POST /api/v1/threads/{id}/messages': {
    policy: p(THREAD, { unverified: 403 }),
    params: (w) => ({ id: w.threadID }),
    body: () => ({ text: 'Hi again' }),
  },
  'POST /api/v1/threads/{id}/read': { policy: THREAD, params: (w) => ({ id: w.threadID }) },
  'POST /api/v1/messages': {
    policy: VERIFIED,
    body: (w, a) => ({ to: a === 'owner' ? w.users.client.user.id : w.users.owner.user.id, text: 'Hello' }),
  },
  'GET /api/v1/events': { policy: SIGNED_IN },

  // Notifications: everyone signed in has their own; the unsubscribe link needs no session.
  'GET /api/v1/notifications': { policy: SIGNED_IN },
  'GET /api/v1/notifications/unread-count': { policy: SIGNED_IN },
  'POST /api/v1/notifications/read': { policy: SIGNED_IN, body: () => ({}) },
  // DESIGN §16: a session's own tokens; a token that is not the caller's is 404.
  'POST /api/v1/user/tokens': { policy: SIGNED_IN, body: () => ({ name: 'Script', scope: 'read' }) },
  'GET /api/v1/user/tokens': { policy: SIGNED_IN },
  'DELETE /api/v1/user/tokens/{id}': { policy: p(all(404), { guest: 401 }), params: () => ({ id: NO_SUCH_ID }) },
  // DESIGN §16: the owner's webhooks (the URL is refused by the SSRF check: 422 for the owner).
  'POST /api/v1/projects/{id}/webhooks': {
    policy: OWNER_ONLY_PASS,
    params: id,
    body: () => ({ url: 'https://127.0.0.1/hook', events: ['task.created'] }),
  },
  'GET /api/v1/projects/{id}/webhooks': { policy: OWNER_ONLY, params: id },
  'DELETE /api/v1/projects/{id}/webhooks/{hookId}': {
    policy: p(OWNER_ONLY, { owner: 404 }),
    params: (w) => ({ id: w.project.id, hookId: NO_SUCH_ID }),
  },
  'POST /api/v1/projects/{id}/webhooks/{hookId}/test': {
    policy: p(OWNER_ONLY, { owner: 404 }),
    params: (w) => ({ id: w.project.id, hookId: NO_SUCH_ID }),
  },
  'GET /api/v1/projects/{id}/webhooks/{hookId}/deliveries': {
    policy: p(OWNER_ONLY, { owner: 404 }),
    params: (w) => ({ id: w.project.id, hookId: NO_SUCH_ID }),
  },
  'GET /api/v1/user/notification-settings': { policy: SIGNED_IN },
  'POST /api/v1/user/notification-settings': { policy: SIGNED_IN, body: () => ({ email: { tasks: true } }) },
  'GET /api/v1/notifications/unsubscribe/{token}': { policy: all(410), params: () => ({ token: 'not-a-token' }) },
  'POST /api/v1/notifications/unsubscribe/{token}': { policy: all(410), params: () => ({ token: 'not-a-token' }) },
  'GET /api/v1/dashboard': { policy: VERIFIED },
  'GET /api/v1/applications/my': { policy: VERIFIED },

  'GET /api/v1/user/balance': { policy: SIGNED_IN },
  'GET /api/v1/user/balance/history': { policy: SIGNED_IN },
  'GET /api/v1/user/holds': { policy: SIGNED_IN },
  'GET /api/v1/config/money': { policy: PUBLIC },
  // DESIGN §13: only the owner of a pending withdrawal; anyone else is told it does not exist.
  'POST /api/v1/transactions/{id}/cancel': {
    policy: p(all(404), { guest: 401, owner: 'pass' }),
    params: (w) => ({ id: w.transactionID }),
  },
  'POST /api/v1/user/deposit': { policy: VERIFIED_PASS, body: () => ({ currency: 'BTC' }) },
  'POST /api/v1/user/withdraw': {
    policy: VERIFIED_PASS,
    body: () => ({ currency: 'ETH', address: `0x${'a'.repeat(40)}`, amount: '20', password: 'wrong-password' }),
  },
  'GET /api/v1/transactions': { policy: SIGNED_IN },
  'GET /api/v1/transactions/{id}': { policy: OWN_TRANSACTION, params: (w) => ({ id: w.transactionID }) },
  'POST /api/v1/payments/webhook/{provider}': {
    policy: all(401),
    params: () => ({ provider: 'simulated' }),
    body: () => ({}),
  },

  'GET /api/v1/admin/developers': { policy: STAFF },
  'POST /api/v1/admin/developers/{userId}/approve': {
    policy: STAFF_PASS,
    params: (w) => ({ userId: w.users.unverified.user.id }),
    body: () => ({ checks: { identity: true, skills: true, experience: true } }),
  },
  'POST /api/v1/admin/developers/{userId}/reject': {
    policy: STAFF_PASS,
    params: (w) => ({ userId: w.users.unverified.user.id }),
    body: () => ({ reason: 'Not yet' }),
  },
  'GET /api/v1/admin/outbox': { policy: STAFF },
  'GET /api/v1/admin/projects': { policy: STAFF },
  'POST /api/v1/admin/projects/{id}/verify': { policy: STAFF, params: id, body: () => ({ verified: true }) },
  'POST /api/v1/admin/projects/{id}/feature': { policy: STAFF, params: id, body: () => ({ featured: false }) },
  'GET /api/v1/admin/transactions': { policy: STAFF },
  'GET /api/v1/admin/hot-wallet': { policy: STAFF },
  'GET /api/v1/admin/health': { policy: STAFF },
  'GET /api/v1/admin/audit': { policy: STAFF },
  // Publish first: the two reads below then find a snapshot (only the funded owner is in it).
  'POST /api/v1/admin/solvency/publish': { policy: STAFF },
  'GET /api/v1/solvency': { policy: PUBLIC },
  'GET /api/v1/user/solvency-proof': { policy: p(all(404), { guest: 401, owner: 'ok' }) },
  'POST /api/v1/admin/transactions/{id}/complete': {
    policy: STAFF_PASS,
    params: (w) => ({ id: w.transactionID }),
    body: () => ({ amount: '1' }),
  },
  'POST /api/v1/admin/transactions/{id}/fail': { policy: STAFF_PASS, params: (w) => ({ id: w.transactionID }) },
  'GET /api/v1/admin/disputes': { policy: STAFF },
  'GET /api/v1/admin/disputes/{id}': { policy: STAFF_MISSING, params: () => ({ id: NO_SUCH_ID }) },
  'POST /api/v1/admin/disputes/{id}/resolve': {
    policy: STAFF_MISSING,
    params: () => ({ id: NO_SUCH_ID }),
    body: () => ({ outcome: 'release' }),
  },
};

/** Routes whose calls change what later rows rely on run last, in this order. */
const LAST = [
  // Replaces (and deletes) the owner's avatar that the image row reads.
  'POST /api/v1/user/image',
  'POST /api/v1/admin/developers/{userId}/approve',
  'POST /api/v1/admin/developers/{userId}/reject',
  'POST /api/v1/admin/transactions/{id}/complete',
  'POST /api/v1/admin/transactions/{id}/fail',
  'POST /api/v1/transactions/{id}/cancel',
  'DELETE /api/v1/tasks/{id}/files/{fileId}',
  'DELETE /api/v1/projects/{id}',
  // Ends every other session of each actor, the world's tokens included: last of all.
  'POST /api/v1/user/sessions/revoke-others',
];

function matches(expected: Expect, status: number): boolean {
  if (expected === 'ok') return status >= 200 && status < 300;
  if (expected === 'pass') return status < 500 && ![401, 403, 404].includes(status);
  return status === expected;
}

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_IP_LIMIT_PER_MINUTE: '100000' });
  w = await buildWorld(t.app);
}, 60_000);
afterAll(async () => t?.close());

let address: string | undefined;
/** The event stream never ends: read its status over a real socket, then hang up. */
async function streamStatus(token: string | undefined): Promise<number> {
  address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  const ac = new AbortController();
  const res = await fetch(`${address}/api/v1/events`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: ac.signal,
  });
  ac.abort();
  return res.status;
}

describe('authorization table', () => {
  it('covers every route of the OpenAPI document', async () => {
    const routes = (await listRoutes(t.app)).map((r) => `${r.method} ${r.path}`);
    expect(
      routes.filter((r) => !TABLE[r]),
      'routes without a policy',
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((r) => !routes.includes(r)),
      'policies of routes that do not exist',
    ).toEqual([]);
  });

  it('answers every actor on every route as the policy says', { timeout: 120_000 }, async () => {
    const keys = Object.keys(TABLE).sort((a, b) => LAST.indexOf(a) - LAST.indexOf(b));
    const mismatches: string[] = [];
    let cells = 0;
    for (const key of keys) {
      const entry = TABLE[key];
      const [method, path] = key.split(' ');
      for (const actor of ACTORS) {
        const token = entry.freshToken ? await w.freshToken(actor) : w.tokens[actor];
        let status: number;
        let body = '';
        if (key === 'GET /api/v1/events') {
          status = await streamStatus(token);
        } else {
          const params = (await entry.params?.(w, actor)) ?? {};
          const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
            if (!(name in params)) throw new Error(`${key}: no value for {${name}}`);
            return encodeURIComponent(params[name]);
          });
          const m = entry.multipart?.();
          const r = await call(t.app, method as 'GET', url + (entry.query ?? ''), {
            token,
            body: m ? m.payload : entry.body?.(w, actor),
            headers: m ? { 'content-type': m.contentType } : undefined,
          });
          status = r.status;
          body = typeof r.body === 'string' ? r.body.slice(0, 120) : JSON.stringify(r.body).slice(0, 120);
        }
        cells++;
        const expected = entry.policy[actor];
        if (!matches(expected, status))
          mismatches.push(`${key} as ${actor}: expected ${expected}, got ${status} ${body}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(cells).toBe(Object.keys(TABLE).length * ACTORS.length);
  });
});
