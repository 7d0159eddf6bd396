import {
  AVATAR_MAX_BYTES,
  idParams,
  meSchema,
  publicUserSchema,
  talentListSchema,
  talentQuery,
  talentSearchBody,
  updateProfileBody,
  updateUserBody,
  usernameParams,
  text,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalid } from '../../lib/errors';
import { readUploadPart } from '../../plugins/uploads';
import { currentFullUser, fullUserOrNull } from '../../plugins/auth';
import * as users from './users.service';
import { readContext } from '../../plugins/read-routing';

const AVATAR_FIELD_MSG = 'Choose an image to upload';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get(
    '/user',
    {
      schema: { tags, summary: 'The signed-in user', response: { 200: meSchema } },
      config: { auth: 'user', fullUser: true },
    },
    async (req) => users.getMe(app.ctx, currentFullUser(req)),
  );

  app.post(
    '/user',
    {
      schema: {
        tags,
        summary: "Update the signed-in user's fields (account form, onboarding profile and links)",
        body: updateUserBody,
        response: { 200: meSchema },
      },
      config: { auth: 'user', fullUser: true },
    },
    async (req) => users.updateUser(app.ctx, currentFullUser(req), req.body),
  );

  app.post(
    '/user/update-profile',
    {
      schema: { tags, summary: 'Save the markdown profile', body: updateProfileBody, response: { 200: meSchema } },
      config: { auth: 'user', fullUser: true },
    },
    async (req) => users.updateProfile(app.ctx, currentFullUser(req), req.body.profile),
  );

  app.post(
    '/user/image',
    {
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field `image`; PNG, JPEG, WebP or GIF up to 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: meSchema },
      },
      config: { auth: 'user', fullUser: true, multipart: true },
    },
    async (req) => {
      const user = currentFullUser(req);
      const file = await readUploadPart(req, 'image', AVATAR_FIELD_MSG, { fileSize: AVATAR_MAX_BYTES });
      if (!file) throw invalid({ image: AVATAR_FIELD_MSG }, AVATAR_FIELD_MSG);
      let buf: Buffer;
      try {
        buf = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('TOO_LARGE', 'The image must be at most 5 MB', {
            fields: { image: 'The image must be at most 5 MB' },
          });
        }
        throw err;
      }
      if (file.file.truncated) {
        throw new AppError('TOO_LARGE', 'The image must be at most 5 MB', {
          fields: { image: 'The image must be at most 5 MB' },
        });
      }
      return users.changeAvatar(app.ctx, user, buf);
    },
  );

  app.get(
    '/users/images/:file',
    {
      schema: { tags, summary: 'An avatar image', params: z.object({ file: text().max(60) }) },
      config: { auth: 'none' },
    },
    async (req, reply) => {
      const { stream, size } = await users.openAvatarImage(app.ctx, req.params.file);
      // Keys are random and never reused: cache for good.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('content-length', String(size));
      return reply.type('image/webp').send(stream);
    },
  );

  app.get(
    '/users/talent',
    {
      schema: {
        tags,
        summary: 'Approved developers, featured first (paginated)',
        querystring: talentQuery,
        response: { 200: talentListSchema },
      },
      config: { auth: 'verified', reads: 'replica' },
    },
    async (req) => users.searchTalent(readContext(req), { page: req.query.page }),
  );

  app.post(
    '/users/talent/search',
    {
      schema: {
        tags,
        summary: 'Search approved developers by name, username, title, tags and full text',
        body: talentSearchBody,
        response: { 200: talentListSchema },
      },
      config: { auth: 'verified', reads: 'replica' },
    },
    async (req) => users.searchTalent(readContext(req), req.body),
  );

  app.get(
    '/users/username/:username',
    {
      schema: {
        tags,
        summary: "A developer's public profile by username",
        params: usernameParams,
        response: { 200: publicUserSchema },
      },
      config: { auth: 'optional', fullUser: true, reads: 'replica' },
    },
    async (req) => users.getUserByUsername(readContext(req), req.params.username, fullUserOrNull(req)),
  );

  app.get(
    '/users/:id',
    {
      schema: { tags, summary: 'A user by id', params: idParams, response: { 200: publicUserSchema } },
      config: { auth: 'user', reads: 'replica' },
    },
    async (req) => users.getUserById(readContext(req), req.params.id),
  );
};
