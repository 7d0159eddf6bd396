import { z } from 'zod';
import { idSchema, requiredString, text } from './common';

/** DESIGN §16: personal access tokens and project webhooks. */

export const API_TOKEN_PREFIX = 'dm_pat_';
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;

export const createApiTokenBody = z.object({
  name: requiredString(100),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'Choose read or write' }),
  expiresInDays: z.coerce
    .number({ error: 'Must be a number of days' })
    .int('Must be a whole number of days')
    .min(1, 'Must be between 1 and 365 days')
    .max(API_TOKEN_MAX_DAYS, 'Must be between 1 and 365 days')
    .default(API_TOKEN_DEFAULT_DAYS),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

/** A token as listed: never the token itself. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of creation, the only time the token is shown. */
export const createdApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  token: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const WEBHOOK_EVENTS = [
  'task.created',
  'task.updated',
  'task.stage_changed',
  'task.paid',
  'application.received',
  'member.added',
] as const;
/** What a delivery's `type` may be: the events a webhook subscribes to, and `ping` (the test). */
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'ping';
export const WEBHOOK_EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'task.created': 'Task created',
  'task.updated': 'Task updated',
  'task.stage_changed': 'Task moved to another stage',
  'task.paid': 'Task paid',
  'application.received': 'Application received',
  'member.added': 'Member added',
};
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const WEBHOOK_MSG = {
  url: 'Enter an https:// address',
  privateAddress: 'This address points to a private or local network and cannot receive webhooks',
  unresolvable: 'This host name could not be resolved',
  events: 'Choose at least one event',
} as const;

export const createWebhookBody = z.object({
  url: text({ error: WEBHOOK_MSG.url })
    .trim()
    .min(1, WEBHOOK_MSG.url)
    .max(2000, 'Must be at most 2000 characters')
    .refine((v) => URL.canParse(v), WEBHOOK_MSG.url),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }), { error: WEBHOOK_MSG.events })
    .min(1, WEBHOOK_MSG.events)
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** A webhook as listed: never its secret; with its newest deliveries. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  lastDeliveries: z.array(webhookDeliverySchema),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createdWebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string(),
  createdAt: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookParams = z.object({ id: idSchema, hookId: idSchema });
