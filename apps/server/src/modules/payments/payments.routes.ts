import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, text } from '@devmarket/contract';
import { handleWebhook } from './payments.service';

/** Payment provider webhooks: POST /payments/webhook/{provider} (DESIGN §4). */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the exact bytes sent, so this scope keeps JSON bodies as raw text.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/webhook/:provider',
    {
      schema: {
        tags: ['payments'],
        summary: 'Provider callback, HMAC-signed (x-signature), processed once per event id',
        params: z.object({ provider: text().min(1).max(40) }),
        response: { 200: okSchema },
      },
      config: { auth: 'none' },
    },
    async (req) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      await handleWebhook(app.ctx, req.params.provider, raw, req.headers);
      return { ok: true as const };
    },
  );
};
