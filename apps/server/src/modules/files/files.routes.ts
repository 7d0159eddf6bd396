import { errorBodySchema, idSchema, okSchema, taskFileSchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { attachmentHeader } from './file-names';
import { assertCanChangeFiles, deleteFile, openFile, uploadFile } from './files.service';

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
      config: { auth: 'verified' },
    },
    async (req) => {
      const actor = currentUser(req);
      await assertCanChangeFiles(app.ctx, actor, req.params.id);
      const part = req.isMultipart() ? await req.file() : undefined;
      return uploadFile(app.ctx, actor, req.params.id, part);
    },
  );

  app.get(
    '/tasks/:id/files/:fileId/download',
    {
      schema: {
        tags,
        summary: 'Download a file (the token may come as ?token= for a new window)',
        params: fileParams,
        querystring: z.object({ token: z.string().optional() }),
      },
      config: { auth: 'verified' },
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
