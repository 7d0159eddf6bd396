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

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: FastifyHelmetOptions) => {
    const headers = await helmetHeaders(options);
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
