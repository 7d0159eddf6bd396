import {
  idParams,
  okSchema,
  withdrawalAddressBody,
  withdrawalAddressSchema,
  withdrawalSettingsBody,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentFullUser, currentUser } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rate-limit';
import {
  addWithdrawalAddress,
  deleteWithdrawalAddress,
  listWithdrawalAddresses,
  updateWithdrawalSettings,
} from './withdrawal-safety.service';

/** DESIGN §14: the withdrawal address book and the allow-list setting. */
export const withdrawalSafetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['transactions'];

  app.get(
    '/user/withdrawal-addresses',
    {
      schema: { tags, summary: 'My withdrawal address book', response: { 200: z.array(withdrawalAddressSchema) } },
      config: { auth: 'user' },
    },
    async (req) => listWithdrawalAddresses(app.ctx, currentUser(req).id),
  );

  app.post(
    '/user/withdrawal-addresses',
    {
      schema: {
        tags,
        summary: 'Add a withdrawal address (usable after WITHDRAWAL_ADDRESS_COOLDOWN_HOURS; mailed at once)',
        body: withdrawalAddressBody,
        response: { 200: withdrawalAddressSchema },
      },
      config: { auth: 'user', fullUser: true },
    },
    async (req) => addWithdrawalAddress(app.ctx, currentFullUser(req), req.body),
  );

  app.delete(
    '/user/withdrawal-addresses/:id',
    {
      schema: {
        tags,
        summary: 'Remove a withdrawal address (another user’s: 404)',
        params: idParams,
        response: { 200: okSchema },
      },
      config: { auth: 'user' },
    },
    async (req) => {
      await deleteWithdrawalAddress(app.ctx, currentUser(req).id, req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/user/withdrawal-settings',
    {
      schema: {
        tags,
        summary: 'Withdraw only to address-book addresses (password, and the code with two-step verification)',
        body: withdrawalSettingsBody,
        response: { 200: okSchema },
      },
      config: { auth: 'user', fullUser: true, rateLimit: authRateLimit(app) },
    },
    async (req) => {
      await updateWithdrawalSettings(app.ctx, currentFullUser(req), req.body, req.ip);
      return { ok: true as const };
    },
  );
};
