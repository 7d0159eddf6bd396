import {
  createdWebhookSchema,
  createWebhookBody,
  idParams,
  okSchema,
  webhookDeliverySchema,
  webhookParams,
  webhookSchema,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import * as service from './webhooks.service';

/** DESIGN §16: a project's webhooks, managed by its owner. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['webhooks'];
  const config = { auth: 'verified' as const };

  app.post(
    '/projects/:id/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a webhook (https only, public addresses only); the secret is in this answer only',
        params: idParams,
        body: createWebhookBody,
        response: { 200: createdWebhookSchema },
      },
      config,
    },
    async (req) => service.createWebhook(app.ctx, currentUser(req), req.params.id, req.body),
  );

  app.get(
    '/projects/:id/webhooks',
    {
      schema: {
        tags,
        summary: "The project's webhooks with their newest deliveries (never the secrets)",
        params: idParams,
        response: { 200: z.array(webhookSchema) },
      },
      config,
    },
    async (req) => service.listWebhooks(app.ctx, currentUser(req), req.params.id),
  );

  app.delete(
    '/projects/:id/webhooks/:hookId',
    {
      schema: { tags, summary: 'Delete a webhook', params: webhookParams, response: { 200: okSchema } },
      config,
    },
    async (req) => {
      await service.deleteWebhook(app.ctx, currentUser(req), req.params.id, req.params.hookId);
      return { ok: true as const };
    },
  );

  app.post(
    '/projects/:id/webhooks/:hookId/test',
    {
      schema: {
        tags,
        summary: 'Send a `ping` to the webhook; answers the queued delivery',
        params: webhookParams,
        response: { 200: webhookDeliverySchema },
      },
      config,
    },
    async (req) => service.sendTestPing(app.ctx, currentUser(req), req.params.id, req.params.hookId),
  );

  app.get(
    '/projects/:id/webhooks/:hookId/deliveries',
    {
      schema: {
        tags,
        summary: "The webhook's deliveries, newest first (the last 50)",
        params: webhookParams,
        response: { 200: z.array(webhookDeliverySchema) },
      },
      config,
    },
    async (req) => service.listDeliveries(app.ctx, currentUser(req), req.params.id, req.params.hookId),
  );
};
