import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/index';
import { usersRepo } from '../../../src/modules/users';
import { createUser, signUpViaApi, TEST_PASSWORD, verificationCodeFor } from '../../factories/users';
import { buildTestApp, call, expectValidationError, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----devmarket-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, body: { payload: Buffer; contentType: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/image',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /user', () => {
  it('updates account fields and answers the user', async () => {
    const { token } = await createUser(t.app);
    const r = await call(t.app, 'POST', '/user', {
      token,
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        location: 'London',
        timezone: 'Europe/London',
        title: 'Engineer',
        tags: ['React', 'Node'],
        about: 'Analytical engines.',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      location: 'London',
      timezone: 'Europe/London',
      tags: ['React', 'Node'],
    });
    const cleared = await call(t.app, 'POST', '/user', { token, body: { location: '' } });
    expect(cleared.body.location).toBeNull();
  });

  it('answers 422 per field', async () => {
    const { token } = await createUser(t.app);
    expectValidationError(await call(t.app, 'POST', '/user', { token, body: { firstName: '  ' } }), {
      firstName: 'This field is required.',
    });
    // Open tags (DESIGN §19): "Cobol" is fine; a character outside letters, digits, spaces and + # . - is not.
    expectValidationError(await call(t.app, 'POST', '/user', { token, body: { tags: ['Cobol', 'Co/bol'] } }), {
      tags: '“Co/bol” may only use letters, digits, spaces and + # . -',
    });
    expectValidationError(await call(t.app, 'POST', '/user', { token, body: { username: 'A!' } }), {
      username: 'Use 3 to 30 of a–z, 0–9, - and _',
    });
    expectValidationError(await call(t.app, 'POST', '/user', { token, body: { timezone: 'Mars/Olympus' } }), {
      timezone: 'Choose a time zone from the list',
    });
    expectValidationError(await call(t.app, 'POST', '/user', { token, body: { github: 'https://gitlab.com/x' } }), {
      github: 'Enter your GitHub profile URL or username',
    });
    expectValidationError(await call(t.app, 'POST', '/user', { token, body: { linkedin: 'javascript:alert(1)' } }), {
      linkedin: 'Enter your LinkedIn profile URL',
    });
  });

  it('usernames are unique ignoring case', async () => {
    const a = await createUser(t.app, { type: 'Developer', username: 'taken-name' });
    const b = await createUser(t.app, { type: 'Developer', verified: false });
    expectValidationError(await call(t.app, 'POST', '/user', { token: b.token, body: { username: 'Taken-Name' } }), {
      username: 'This username is taken',
    });
    // Keeping one's own name is fine.
    expect((await call(t.app, 'POST', '/user', { token: a.token, body: { username: 'taken-name' } })).status).toBe(200);
  });

  it('normalises links to https URLs', async () => {
    const { token } = await createUser(t.app, { type: 'Developer', verified: false });
    const r = await call(t.app, 'POST', '/user', {
      token,
      body: { github: 'octocat', linkedin: 'linkedin.com/in/octo' },
    });
    expect(r.body).toMatchObject({
      github: 'https://github.com/octocat',
      linkedin: 'https://www.linkedin.com/in/octo',
    });
  });

  it('the links step sends a verified-email developer to review, not an unverified one', async () => {
    const verifiedEmail = await createUser(t.app, { type: 'Developer', verified: false, emailVerifiedAt: new Date() });
    const r = await call(t.app, 'POST', '/user', { token: verifiedEmail.token, body: { github: 'octocat' } });
    expect(r.body.reviewStatus).toBe('pending');
    expect(r.body.verified).toBe(false);
    const client = await createUser(t.app);
    expect(
      (await call(t.app, 'POST', '/user', { token: client.token, body: { github: 'octocat' } })).body.reviewStatus,
    ).toBe('none');
  });

  it('needs a token', async () => {
    expect((await call(t.app, 'POST', '/user', { body: { firstName: 'X' } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/user')).status).toBe(401);
  });
});

describe('profile, password and image', () => {
  it('saves the markdown profile', async () => {
    const { token } = await createUser(t.app, { type: 'Developer' });
    const r = await call(t.app, 'POST', '/user/update-profile', { token, body: { profile: '# Hi\n\n**bold**' } });
    expect(r.status).toBe(200);
    expect(r.body.profile).toBe('# Hi\n\n**bold**');
    expectValidationError(await call(t.app, 'POST', '/user/update-profile', { token, body: {} }), {
      profile: 'This field is required.',
    });
    expectValidationError(
      await call(t.app, 'POST', '/user/update-profile', { token, body: { profile: 'x'.repeat(20_001) } }),
      { profile: 'Must be at most 20000 characters' },
    );
  });

  it('changes the password: wrong current one is a 422 on password; other sessions end, this one goes on', async () => {
    const { user, token } = await createUser(t.app);
    const other = (await call(t.app, 'POST', '/auth/login', { body: { email: user.email, password: TEST_PASSWORD } }))
      .body.accessToken;
    expectValidationError(
      await call(t.app, 'POST', '/user/update-password', {
        token,
        body: { password: 'not-the-password', newPassword: 'a-brand-new-secret' },
      }),
      { password: 'Current password is incorrect' },
    );
    expectValidationError(
      await call(t.app, 'POST', '/user/update-password', { token, body: { password: '', newPassword: 'short' } }),
      { password: 'This field is required.', newPassword: 'Password must be at least 8 characters' },
    );
    expectValidationError(
      await call(t.app, 'POST', '/user/update-password', {
        token,
        body: { password: TEST_PASSWORD, newPassword: 'password123' },
      }),
      { newPassword: 'This password is too common. Choose another one.' },
    );
    const r = await call(t.app, 'POST', '/user/update-password', {
      token,
      body: { password: TEST_PASSWORD, newPassword: 'a-brand-new-secret' },
    });
    expect(r.status).toBe(200);
    // DESIGN §14: every other session ends; the one that changed it goes on with its own token.
    expect(r.body.accessToken).toBe(token);
    expect((await call(t.app, 'GET', '/user', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/user', { token: other })).status).toBe(401);
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { email: user.email, password: 'a-brand-new-secret' },
    });
    expect(login.status).toBe(200);
  });

  it('uploads an avatar, resized to 256×256 WebP, served by its URL', async () => {
    const { token } = await createUser(t.app);
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3f51e0' } })
      .png()
      .toBuffer();
    const r = await upload(token, multipart('image', 'me.png', 'image/png', png));
    expect(r.status).toBe(200);
    expect(r.body.imageURL).toMatch(/^\/api\/v1\/users\/images\/[0-9a-f-]{36}\.webp$/);
    const img = await t.app.inject({ method: 'GET', url: r.body.imageURL });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);
    // A second upload replaces (and deletes) the first file.
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const second = await upload(token, multipart('image', 'x.bin', 'application/octet-stream', jpeg));
    expect(second.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: r.body.imageURL })).statusCode).toBe(404);
  });

  it('refuses non-images by content, oversize files and missing files', async () => {
    const { token } = await createUser(t.app);
    const fake = await upload(token, multipart('image', 'evil.png', 'image/png', Buffer.from('<svg onload=alert(1)>')));
    expectValidationError(fake, { image: 'The image must be a PNG, JPEG, WebP or GIF file' });
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(5 * 1024 * 1024 + 10),
    ]);
    const tooBig = await upload(token, multipart('image', 'big.png', 'image/png', big));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors.image).toBe('The image must be at most 5 MB');
    // Another field name is 400 (DESIGN §14), and the answer closes the connection.
    const wrongField = await upload(token, multipart('file', 'a.png', 'image/png', Buffer.from('x')));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.errors.image).toBe('Choose an image to upload');
    const json = await call(t.app, 'POST', '/user/image', { token, body: {} });
    expectValidationError(json, { image: 'Choose an image to upload' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/images/..%2F..%2Fsecret' })).statusCode).toBe(404);
  });

  it('image upload needs a token', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/image',
      ...(() => {
        const m = multipart('image', 'a.png', 'image/png', Buffer.from('x'));
        return { payload: m.payload, headers: { 'content-type': m.contentType } };
      })(),
    });
    expect(r.statusCode).toBe(401);
  });
});

describe('profiles and talent', () => {
  it('GET /users/username/{username}: approved developers for all; others only for themselves and staff', async () => {
    const dev = await createUser(t.app, { type: 'Developer', username: 'approved-one', profile: '# Me' });
    const r = await call(t.app, 'GET', '/users/username/Approved-One');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: dev.user.id, username: 'approved-one', verified: true, profile: '# Me' });
    expect(r.body).not.toHaveProperty('email');
    expect(r.body).not.toHaveProperty('passwordHash');
    const pending = await createUser(t.app, {
      type: 'Developer',
      verified: false,
      emailVerifiedAt: new Date(),
      reviewStatus: 'pending',
      username: 'in-review',
    });
    expect((await call(t.app, 'GET', '/users/username/in-review')).status).toBe(404);
    expect((await call(t.app, 'GET', '/users/username/in-review', { token: pending.token })).status).toBe(200);
    const staff = await createUser(t.app, { isStaff: true });
    expect((await call(t.app, 'GET', '/users/username/in-review', { token: staff.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/users/username/nobody-here')).status).toBe(404);
  });

  it('GET /users/{id} needs a token and never shows e-mail or secrets', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    expect((await call(t.app, 'GET', `/users/${a.user.id}`)).status).toBe(401);
    const r = await call(t.app, 'GET', `/users/${a.user.id}`, { token: b.token });
    expect(r.status).toBe(200);
    const text = JSON.stringify(r.body);
    expect(text).not.toContain(a.user.email);
    expect(text).not.toContain(a.user.passwordHash);
    expect((await call(t.app, 'GET', '/users/00000000-0000-4000-8000-000000000000', { token: b.token })).status).toBe(
      404,
    );
  });

  it('talent lists approved developers only, featured first, paginated', async () => {
    const viewer = await createUser(t.app);
    const featured = await createUser(t.app, { type: 'Developer', featuredAt: new Date(), title: 'Featured pro' });
    const plain = await createUser(t.app, { type: 'Developer' });
    const pending = await createUser(t.app, { type: 'Developer', verified: false, reviewStatus: 'pending' });
    const r = await call(t.app, 'GET', '/users/talent', { token: viewer.token });
    expect(r.status).toBe(200);
    const ids = r.body.users.map((u: { id: string }) => u.id);
    expect(ids[0]).toBe(featured.user.id);
    expect(ids).toContain(plain.user.id);
    expect(ids).not.toContain(pending.user.id);
    expect(ids).not.toContain(viewer.user.id);
    expect(r.body.pages).toBeGreaterThanOrEqual(1);
    expect((await call(t.app, 'GET', '/users/talent?page=99', { token: viewer.token })).body.users).toEqual([]);
  });

  it('talent search matches name, username, title, tags and full text', async () => {
    const viewer = await createUser(t.app);
    const dev = await createUser(t.app, {
      type: 'Developer',
      firstName: 'Grace',
      lastName: 'Hopper',
      username: 'gracehop',
      title: 'Compiler engineer',
      tags: ['Kubernetes', 'AWS'],
      about: 'I debug moths out of relays.',
    });
    await createUser(t.app, { type: 'Developer', firstName: 'Other', tags: ['Vue'] });
    for (const query of ['Grace Hopper', 'hopper', 'gracehop', 'compiler', 'Kubernetes', 'relays', 'moth']) {
      const r = await call(t.app, 'POST', '/users/talent/search', { token: viewer.token, body: { query } });
      expect(r.status, query).toBe(200);
      expect(
        r.body.users.map((u: { id: string }) => u.id),
        query,
      ).toContain(dev.user.id);
    }
    const byTag = await call(t.app, 'POST', '/users/talent/search', {
      token: viewer.token,
      body: { query: '', tags: ['Kubernetes', 'AWS'] },
    });
    expect(byTag.body.users.map((u: { id: string }) => u.id)).toEqual([dev.user.id]);
    const none = await call(t.app, 'POST', '/users/talent/search', {
      token: viewer.token,
      body: { query: 'zzzz-nothing-%_' },
    });
    expect(none.body).toEqual({ users: [], pages: 1 });
    expectValidationError(
      await call(t.app, 'POST', '/users/talent/search', {
        token: viewer.token,
        body: { query: 'x', tags: ['Co<bol'] },
      }),
      { tags: '“Co<bol” may only use letters, digits, spaces and + # . -' },
    );
  });

  it('talent search finds a developer by city and by skill and city together; the location filter narrows', async () => {
    const viewer = await createUser(t.app);
    const karachi = await createUser(t.app, {
      type: 'Developer',
      location: 'Karachi, Pakistan',
      timezone: 'Asia/Karachi',
      tags: ['React'],
    });
    const lahore = await createUser(t.app, { type: 'Developer', location: 'Lahore, Pakistan', tags: ['React'] });
    const search = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/users/talent/search', { token: viewer.token, body });
    const ids = (r: { body: { users: { id: string }[] } }) => r.body.users.map((u) => u.id);
    const byCity = await search({ query: 'Karachi' });
    expect(ids(byCity)).toEqual([karachi.user.id]);
    expect(byCity.body.users[0]).toMatchObject({
      location: 'Karachi, Pakistan',
      timezone: 'Asia/Karachi',
      rating: { average: null, count: 0 },
      featured: false,
    });
    expect(ids(await search({ query: 'react karachi' }))).toEqual([karachi.user.id]);
    const country = ids(await search({ location: 'pakistan', tags: ['React'] }));
    expect(country).toContain(karachi.user.id);
    expect(country).toContain(lahore.user.id);
    expect(ids(await search({ location: 'Lahore' }))).toEqual([lahore.user.id]);
  });

  it('people read by id (one prepared statement) are the rows drizzle reads, dates and all', async () => {
    const dev = await createUser(t.app, { type: 'Developer', tags: ['Rust'], location: 'Oslo' });
    const [byIds] = await usersRepo.findByIds(t.app.ctx.db, [dev.user.id]);
    const one = await usersRepo.findById(t.app.ctx.db, dev.user.id);
    expect(byIds).toEqual(one);
    expect(byIds.createdAt).toBeInstanceOf(Date);
  });

  it('a broad talent search pages through its matches newest first, counting one page ahead', async () => {
    const viewer = await createUser(t.app);
    // More matches than a page and the one after it (12 + 12): the search answers from its window.
    const made: string[] = [];
    for (let i = 0; i < 26; i++) {
      made.push((await createUser(t.app, { type: 'Developer', title: 'Quokka wrangler', tags: ['Elixir'] })).user.id);
    }
    const newestFirst = [...made].reverse();
    const search = async (body: Record<string, unknown>) => {
      const r = await call(t.app, 'POST', '/users/talent/search', { token: viewer.token, body });
      expect(r.status).toBe(200);
      return r.body as { users: { id: string }[]; pages: number };
    };
    const first = await search({ query: 'quokka wrangler', page: 1 });
    expect(first.users.map((u) => u.id)).toEqual(newestFirst.slice(0, 12));
    expect(first.pages).toBe(2);
    const second = await search({ query: 'quokka elixir', page: 2 });
    expect(second.users.map((u) => u.id)).toEqual(newestFirst.slice(12, 24));
    expect(second.pages).toBe(3);
    const third = await search({ query: 'quokka', page: 3 });
    expect(third.users.map((u) => u.id)).toEqual(newestFirst.slice(24));
    expect(third.pages).toBe(3);
  });

  it('talent is for verified users: 401 for guests, 403 for unverified developers', async () => {
    const unverified = await createUser(t.app, { type: 'Developer', verified: false });
    expect((await call(t.app, 'GET', '/users/talent')).status).toBe(401);
    expect((await call(t.app, 'GET', '/users/talent', { token: unverified.token })).status).toBe(403);
    expect(
      (await call(t.app, 'POST', '/users/talent/search', { token: unverified.token, body: { query: 'x' } })).status,
    ).toBe(403);
  });
});

describe('the signed-in user', () => {
  it('GET /user shows own fields and never the password hash', async () => {
    const { email, token } = await signUpViaApi(t.app, { type: 'Developer' });
    const r = await call(t.app, 'GET', '/user', { token });
    expect(r.body).toMatchObject({
      email,
      type: 'Developer',
      emailVerified: false,
      verified: false,
      reviewStatus: 'none',
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(JSON.stringify(r.body)).not.toContain(row.passwordHash);
    expect(JSON.stringify(r.body)).not.toContain(token);
    void verificationCodeFor;
  });
});
