import {
  FILE_MSG,
  errorBodySchema,
  FILE_LINK_SECONDS,
  fileLinkResponse,
  idSchema,
  okSchema,
  taskFileSchema,
  text,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertRequirement, currentUser } from '../../plugins/auth';
import { readUploadPart } from '../../plugins/uploads';
import { attachmentHeader } from './file-names';
import { isFileLinkToken } from './file-links';
import {
  assertCanChangeFiles,
  createFileLink,
  deleteFile,
  openFile,
  uploadFile,
  userOfFileLink,
} from './files.service';

const fileParams = z.object({ id: idSchema, fileId: idSchema });
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 413: errorBodySchema };

/** Task files: upload, download, delete (spec §7 Files; DESIGN §4 files). */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['files'];

  app.post(
    '/tasks/:id/upload',
    {
      schema: {
        tags,
        summary: 'Upload one file to a task (multipart, field "file")',
        consumes: ['multipart/form-data'],
        params: z.object({ id: idSchema }),
        response: { 200: taskFileSchema, ...errors },
      },
      config: { auth: 'verified', multipart: true },
    },
    async (req) => {
      const actor = currentUser(req);
      await assertCanChangeFiles(app.ctx, actor, req.params.id);
      const part = await readUploadPart(req, 'file', FILE_MSG.missing);
      return uploadFile(app.ctx, actor, req.params.id, part);
    },
  );

  app.post(
    '/tasks/:id/files/:fileId/link',
    {
      schema: {
        tags,
        summary: `A download address for this file, valid ${FILE_LINK_SECONDS} s (members only)`,
        params: fileParams,
        response: { 200: fileLinkResponse, ...errors },
      },
      config: { auth: 'verified' },
    },
    async (req) => createFileLink(app.ctx, currentUser(req), req.params.id, req.params.fileId),
  );

  app.get(
    '/tasks/:id/files/:fileId/download',
    {
      schema: {
        tags,
        summary:
          'Download a file: with the bearer token or cookie, or `?token=` from POST …/link (a session token there is still accepted)',
        params: fileParams,
        querystring: z.object({ token: text().max(200).optional() }),
      },
      // The link in `?token=` alone decides who downloads (an expired one is a 401 even with a
      // cookie), so the requirement is checked after it is read.
      config: { auth: 'optional', tokenInQuery: true },
      preHandler: async (req) => {
        const token = req.query.token;
        if (token && isFileLinkToken(token)) {
          req.user = await userOfFileLink(app.ctx, token, req.params.id, req.params.fileId);
          req.sessionId = null;
        }
        assertRequirement('verified', req.user);
      },
    },
    async (req, reply) => {
      const { file, stream, size } = await openFile(app.ctx, currentUser(req), req.params.id, req.params.fileId);
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(size))
        .header('content-disposition', attachmentHeader(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  app.delete(
    '/tasks/:id/files/:fileId',
    {
      schema: { tags, summary: 'Delete a file of a task', params: fileParams, response: { 200: okSchema, ...errors } },
      config: { auth: 'verified' },
    },
    async (req) => deleteFile(app.ctx, currentUser(req), req.params.id, req.params.fileId),
  );
};
