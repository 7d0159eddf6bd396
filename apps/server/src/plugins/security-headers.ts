import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Headers of any answer that helmet does not set. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers, worked out once. @fastify/helmet builds the helmet middleware again on every
 * request (parsing the CSP directives each time): a third of the CPU of a small API answer. Here
 * the headers come from one request to a throw-away instance with the same options, and each
 * request gets that fixed set (docs/performance.md). Options that vary per request (CSP nonces)
 * are not supported.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_HELMET.has(name.toLowerCase()) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * The headers of the API's answers (`/api/v1/…`: JSON, file downloads, the event stream), as
 * OWASP's REST Security cheat sheet gives them and large APIs send them. An answer of the API is
 * never a document a browser runs: its policy allows nothing at all (`default-src 'none'`,
 * stricter than the pages'), and it may be neither framed nor sniffed into another type nor read
 * by another site. Helmet's document-only headers (opener policy, agent cluster, DNS prefetch,
 * IE8's download option, Adobe's cross-domain policies, the retired XSS filter) mean nothing on a
 * JSON answer; left out, each small answer is some 400 bytes shorter (docs/performance.md).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The API's answers start with this path; every other answer (pages, files of the app, the API reference) is a document's. */
const API_PATH = '/api/v1/';

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: FastifyHelmetOptions) => {
    const pageHeaders = await helmetHeaders(options);
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(req.url.startsWith(API_PATH) ? API_SECURITY_HEADERS : pageHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
