import { type FastifyMultipartOptions, fastifyMultipart, type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart upload (DESIGN §14): every other route answers 415 to one. */
    multipart?: true;
  }
}

export const MULTIPART_ONLY_UPLOADS_MSG = 'Unsupported content type: send application/json';

const isMultipartRequest = (req: FastifyRequest) =>
  (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

type Hook = (...args: never[]) => unknown;
const hookList = (h: unknown): Hook[] => (h === undefined ? [] : Array.isArray(h) ? h : [h as Hook]);

/**
 * @fastify/multipart, with its request-lifecycle hooks on the upload routes only (issue 33). It
 * adds an onRequest hook (a 'close' listener that cleans files saved by a request whose client
 * went away) and an onResponse hook (cleaning the saved files) to every route of the app, so every
 * request paid two async hooks and a listener. Saved files exist only where a route reads an
 * upload, and only `config.multipart` routes do (every other route refuses a multipart body before
 * it is parsed, below): the plugin is run on a view of the app whose `addHook` keeps those two
 * hooks, and they are attached to each `config.multipart` route as it is declared. Everything else
 * the plugin does (its content-type parser, request decorators) is app-wide as before.
 */
async function registerMultipart(app: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  const kept: { onRequest: Hook[]; onResponse: Hook[] } = { onRequest: [], onResponse: [] };
  const view: FastifyInstance = new Proxy(app, {
    get(target, prop) {
      if (prop === 'addHook') {
        return (name: string, hook: Hook) => {
          if (name === 'onRequest' || name === 'onResponse') kept[name].push(hook);
          else (target.addHook as (n: string, h: Hook) => unknown)(name, hook);
          return view;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  await new Promise<void>((resolve, reject) =>
    (fastifyMultipart as unknown as (f: FastifyInstance, o: unknown, done: (err?: Error) => void) => void)(
      view,
      options,
      (err) => (err ? reject(err) : resolve()),
    ),
  );
  app.addHook('onRoute', (route) => {
    if (!route.config?.multipart) return;
    route.onRequest = [...hookList(route.onRequest), ...kept.onRequest] as typeof route.onRequest;
    route.onResponse = [...hookList(route.onResponse), ...kept.onResponse] as typeof route.onResponse;
  });
}

/**
 * Multipart bodies are parsed on upload routes only (DESIGN §14); elsewhere they are 415 before
 * anything runs, so a form another site posts never reaches a handler. A failed upload answers
 * with `Connection: close`: Node then closes the socket after the answer instead of waiting for
 * (or slowly reading) the rest of a body nobody will read, so the client gets its answer at once.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, opts: { fileSizeLimit: number }) => {
    await registerMultipart(app, { limits: { fileSize: opts.fileSizeLimit, files: 1, fields: 10 } });
    // Callback-style hooks: they run on every request, and an async hook costs a promise and a
    // microtask turn each time for a check that is almost always a header test (issue 33).
    app.addHook('onRequest', (req, _reply, done) => {
      if (isMultipartRequest(req) && !req.routeOptions.config?.multipart) {
        done(new AppError('UNSUPPORTED_MEDIA', MULTIPART_ONLY_UPLOADS_MSG));
        return;
      }
      done();
    });
    app.addHook('onSend', (req, reply, payload, done) => {
      if (reply.statusCode >= 400 && isMultipartRequest(req)) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'uploads', dependencies: ['auth'] },
);

/**
 * The one file of an upload, from the field `field`, or undefined when the body is not multipart
 * or holds no file (the route's own 422). A file under another field name is 400 with `message`
 * on `field`, and its connection closes (above) instead of waiting on the unread part.
 */
export async function readUploadPart(
  req: FastifyRequest,
  field: string,
  message: string,
  limits?: { fileSize: number },
): Promise<MultipartFile | undefined> {
  if (!req.isMultipart()) return undefined;
  const part = await req.file(limits ? { limits: { ...limits, files: 1 } } : undefined);
  if (!part) return undefined;
  if (part.fieldname !== field) throw new AppError('BAD_REQUEST', message, { fields: { [field]: message } });
  return part;
}
