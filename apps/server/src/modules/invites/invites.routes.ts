import {
  acceptInviteResponse,
  hasInviteResponse,
  idParams,
  idSchema,
  inviteBody,
  inviteResponse,
  inviteSchema,
  okSchema,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { acceptInvite, declineInvite, deleteInvite, hasInvite, inviteUser, listInvites } from './invites.service';

/** Invites: invite/add, list, delete, accept, has-invite (spec §7 Invites). */
export const invitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['invites'];
  const auth = { config: { auth: 'verified' } } as const;

  app.post(
    '/invites/projects/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Invite a user, or add an applicant at once (owner only)',
        params: idParams,
        body: inviteBody,
        response: { 200: inviteResponse },
      },
    },
    async (req) => inviteUser(app.ctx, currentUser(req), req.params.id, req.body.userID),
  );

  app.get(
    '/invites/projects/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Pending invites (owner only)',
        params: idParams,
        response: { 200: z.array(inviteSchema) },
      },
    },
    async (req) => listInvites(app.ctx, currentUser(req), req.params.id),
  );

  app.delete(
    '/invites/projects/:id/:userId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Withdraw a pending invite (owner only)',
        params: z.object({ id: idSchema, userId: idSchema }),
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await deleteInvite(app.ctx, currentUser(req), req.params.id, req.params.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/invites/projects/:id/accept',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Accept an invite: join the team',
        params: idParams,
        response: { 200: acceptInviteResponse },
      },
    },
    async (req) => acceptInvite(app.ctx, currentUser(req), req.params.id),
  );

  app.post(
    '/invites/projects/:id/decline',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Decline an invite (the invited user)',
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await declineInvite(app.ctx, currentUser(req), req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/invites/projects/:id/has-invite',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Whether the user has a pending invite',
        params: idParams,
        response: { 200: hasInviteResponse },
      },
    },
    async (req) => hasInvite(app.ctx, currentUser(req), req.params.id),
  );
};
