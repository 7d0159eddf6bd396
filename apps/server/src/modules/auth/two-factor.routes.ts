import {
  okSchema,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorEnableResponse,
  twoFactorSetupBody,
  twoFactorSetupResponse,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentFullUser } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rate-limit';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './two-factor.service';

/** DESIGN §14: two-step verification (TOTP) of the signed-in user. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.post(
    '/user/2fa/setup',
    {
      schema: {
        tags,
        summary: 'Start two-step verification: a new secret and its otpauth URL (not on until enabled)',
        description:
          'A new setup replaces an unconfirmed one; 409 when it is already on; 422 on `password` when wrong.',
        body: twoFactorSetupBody,
        response: { 200: twoFactorSetupResponse },
      },
      config: { auth: 'user', fullUser: true, rateLimit: authRateLimit(app) },
    },
    async (req) => setupTwoFactor(app.ctx, currentFullUser(req), req.body.password, req.ip),
  );

  app.post(
    '/user/2fa/enable',
    {
      schema: {
        tags,
        summary: 'Turn two-step verification on with a code of the new secret; answers 10 recovery codes, once',
        body: twoFactorEnableBody,
        response: { 200: twoFactorEnableResponse },
      },
      config: { auth: 'user', fullUser: true, rateLimit: authRateLimit(app) },
    },
    async (req) => enableTwoFactor(app.ctx, currentFullUser(req), req.body.code),
  );

  app.post(
    '/user/2fa/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-step verification off (password and a code or recovery code); withdrawals then pause',
        body: twoFactorDisableBody,
        response: { 200: okSchema },
      },
      config: { auth: 'user', fullUser: true, rateLimit: authRateLimit(app) },
    },
    async (req) => {
      await disableTwoFactor(app.ctx, currentFullUser(req), req.body, req.ip);
      return { ok: true as const };
    },
  );
};
