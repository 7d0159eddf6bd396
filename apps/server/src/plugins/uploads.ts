import type { MultipartFile } from '@fastify/multipart';
import multipart from '@fastify/multipart';
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

/**
 * Multipart bodies are parsed on upload routes only (DESIGN §14); elsewhere they are 415 before
 * anything runs, so a form another site posts never reaches a handler. A failed upload answers
 * with `Connection: close`: Node then closes the socket after the answer instead of waiting for
 * (or slowly reading) the rest of a body nobody will read, so the client gets its answer at once.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, opts: { fileSizeLimit: number }) => {
    await app.register(multipart, { limits: { fileSize: opts.fileSizeLimit, files: 1, fields: 10 } });
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
