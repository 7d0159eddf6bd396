import { meSchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/auth';
import { getMoneySummary } from '../ledger/balances';
import { toMe } from './users.mapper';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get(
    '/user',
    { schema: { tags, summary: 'The signed-in user', response: { 200: meSchema } }, preHandler: requireUser },
    async (req) => {
      const user = currentUser(req);
      return toMe(user, await getMoneySummary(app.db, user.id));
    },
  );
};
