import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('app foundation', () => {
  it('answers health with the database reachable', async () => {
    const r = await call(t.app, 'GET', '/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
  });

  it('publishes a valid OpenAPI 3 document generated from the contract', async () => {
    const r = await call(t.app, 'GET', '/api/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    expect(r.body.paths['/api/v1/auth/login'].post.requestBody).toBeDefined();
    expect(r.body.paths['/api/v1/health'].get).toBeDefined();
  });

  it('serves a readable API reference page', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API routes with 404 in the error shape', async () => {
    const r = await call(t.app, 'GET', '/nope');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ msg: expect.any(String), error: 'Not Found' });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const r = await call(t.app, 'POST', '/auth/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ msg: 'Malformed JSON body', error: 'Bad Request' });
  });

  it('answers a wrong content type with 415', async () => {
    const r = await call(t.app, 'POST', '/auth/login', { body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(r.status).toBe(415);
    expect(r.body.error).toBe('Unsupported Media Type');
  });

  it('answers a 2 MB body with 413', async () => {
    const r = await call(t.app, 'POST', '/auth/login', {
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(413);
    expect(r.body.msg).toBe('Request body is too large');
  });

  it('answers wrong types with 422 and one message per field', async () => {
    const r = await call(t.app, 'POST', '/auth/login', { body: { email: 42, password: ['x'] } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['email', 'password']);
  });

  it("sets the API's security headers on its answers: a policy that allows nothing, no framing, no sniffing", async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-route']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      // Helmet's document-only headers stay on the pages.
      expect(r.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it("sets helmet's whole set, with the pages' policy, on everything outside the API", async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });
});
