import { createHmac, randomBytes } from 'node:crypto';
import {
  type CreatedWebhook,
  type createWebhookBody,
  WEBHOOK_EVENTS,
  WEBHOOK_MSG,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '@devmarket/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { enqueueJob, type JobHandler } from '../jobs';
import { postToTarget, type SendResult } from './sender';
import { RefusedUrl, resolveWebhookTarget } from './url-guard';
import { type DeliverySummary, webhooksRepo, type WebhookRow } from './webhooks.repo';

/** The job that sends one delivery; retried 1 min, 5 min, 30 min, 2 h and 6 h later, then failed. */
export const WEBHOOK_JOB = 'webhook-delivery';
export const WEBHOOK_RETRY_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600];
/** Deliveries shown with each webhook in the list, and by the deliveries route. */
const LIST_DELIVERIES = 5;
const DELIVERIES_PAGE = 50;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Caller = { id: string; isStaff: boolean };

/**
 * Owner only (DESIGN §16): 404 when the caller may not see the project (as every project route:
 * a private project is seen by its team, invitees and staff), 403 when they see it but do not own it.
 */
async function assertOwner(exec: Executor, projectId: string, caller: Caller) {
  const project = UUID_RE.test(projectId) ? await webhooksRepo.projectAccess(exec, projectId, caller.id) : undefined;
  if (!project) throw notFound('Project not found');
  if (project.ownerId === caller.id) return project;
  if (project.visibility === 'Private' && !caller.isStaff && !project.member && !project.invited) {
    throw notFound('Project not found');
  }
  throw forbidden('Only the project owner can manage its webhooks');
}

const toDelivery = (d: DeliverySummary): WebhookDelivery => ({
  id: d.id,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  createdAt: new Date(d.createdAt).toISOString(),
});

const knownEvents = (events: string[]) =>
  events.filter((e): e is (typeof WEBHOOK_EVENTS)[number] => (WEBHOOK_EVENTS as readonly string[]).includes(e));

/** `whsec_` + base64 of 24 random bytes (the Standard Webhooks secret format). */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The 422 on `url` for an address that may not receive webhooks. */
async function checkUrl(ctx: AppContext, url: string) {
  try {
    await resolveWebhookTarget(url, ctx.config.webhookAllowPrivate);
  } catch (err) {
    if (!(err instanceof RefusedUrl)) throw err;
    const message =
      err.reason === 'private'
        ? WEBHOOK_MSG.privateAddress
        : err.reason === 'unresolvable'
          ? WEBHOOK_MSG.unresolvable
          : WEBHOOK_MSG.url;
    throw invalid({ url: message });
  }
}

/** POST /projects/{id}/webhooks: the secret is in this answer only. */
export async function createWebhook(
  ctx: AppContext,
  caller: Caller,
  projectId: string,
  body: z.output<typeof createWebhookBody>,
): Promise<CreatedWebhook> {
  await assertOwner(ctx.db, projectId, caller);
  await checkUrl(ctx, body.url);
  const row = await webhooksRepo.insert(ctx.db, {
    projectId,
    url: body.url,
    events: body.events,
    secret: newSecret(),
    createdBy: caller.id,
    createdAt: ctx.now(),
  });
  return {
    id: row.id,
    url: row.url,
    events: knownEvents(row.events),
    secret: row.secret,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /projects/{id}/webhooks: without secrets, each with its newest deliveries. */
export async function listWebhooks(ctx: AppContext, caller: Caller, projectId: string): Promise<Webhook[]> {
  await assertOwner(ctx.db, projectId, caller);
  const hooks = await webhooksRepo.listForProject(ctx.db, projectId);
  const latest = await webhooksRepo.latestDeliveries(
    ctx.db,
    hooks.map((h) => h.id),
    LIST_DELIVERIES,
  );
  return hooks.map((h) => ({
    id: h.id,
    url: h.url,
    events: knownEvents(h.events),
    createdAt: h.createdAt.toISOString(),
    lastDeliveries: latest.filter((d) => d.webhookId === h.id).map(toDelivery),
  }));
}

async function ownedHook(ctx: AppContext, caller: Caller, projectId: string, hookId: string): Promise<WebhookRow> {
  await assertOwner(ctx.db, projectId, caller);
  const hook = await webhooksRepo.find(ctx.db, projectId, hookId);
  if (!hook) throw notFound('Webhook not found');
  return hook;
}

export async function deleteWebhook(ctx: AppContext, caller: Caller, projectId: string, hookId: string) {
  await assertOwner(ctx.db, projectId, caller);
  if (!(await webhooksRepo.delete(ctx.db, projectId, hookId))) throw notFound('Webhook not found');
}

export async function listDeliveries(
  ctx: AppContext,
  caller: Caller,
  projectId: string,
  hookId: string,
): Promise<WebhookDelivery[]> {
  const hook = await ownedHook(ctx, caller, projectId, hookId);
  return (await webhooksRepo.deliveries(ctx.db, hook.id, DELIVERIES_PAGE)).map(toDelivery);
}

/** Writes one delivery and its job, in the caller's transaction. */
async function queueDelivery(tx: Executor, hookId: string, type: WebhookEventType, body: string, at: Date) {
  const delivery = await webhooksRepo.insertDelivery(tx, { webhookId: hookId, event: type, body, createdAt: at });
  await enqueueJob(tx, {
    kind: WEBHOOK_JOB,
    payload: { deliveryId: delivery.id },
    runAt: at,
    dedupeKey: `${WEBHOOK_JOB}:${delivery.id}`,
  });
  return delivery;
}

/** POST /projects/{id}/webhooks/{hookId}/test: queues a `ping` and answers its delivery. */
export async function sendTestPing(
  ctx: AppContext,
  caller: Caller,
  projectId: string,
  hookId: string,
): Promise<WebhookDelivery> {
  const hook = await ownedHook(ctx, caller, projectId, hookId);
  const at = ctx.now();
  const body = JSON.stringify({
    type: 'ping',
    timestamp: at.toISOString(),
    data: { id: hook.id, projectID: projectId, url: hook.url, events: hook.events },
  });
  const delivery = await ctx.db.transaction((tx) => queueDelivery(tx, hook.id, 'ping', body, at));
  return toDelivery(delivery);
}

/**
 * Called by the modules whose changes are events (tasks, applications, invites), inside the
 * transaction of the change: each subscribed webhook gets a delivery and a job in that same
 * transaction, so a crash either loses both the change and its deliveries or neither. `data`
 * (the task, application or member as the API answers it) is read only when someone listens.
 */
export async function queueWebhookEvent(
  tx: Tx,
  event: { projectId: string; type: (typeof WEBHOOK_EVENTS)[number]; data: () => Promise<unknown>; at?: Date },
): Promise<void> {
  const hooks = await webhooksRepo.subscribed(tx, event.projectId, event.type);
  if (hooks.length === 0) return;
  const at = event.at ?? new Date();
  const body = JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: await event.data() });
  for (const hook of hooks) await queueDelivery(tx, hook.id, event.type, body, at);
}

/** `v1,<base64 HMAC-SHA256(key, id.timestamp.body)>`, the key being the base64 after `whsec_` (Standard Webhooks). */
export function signDelivery(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The delivery job: checks the address again (a name may resolve elsewhere by now), POSTs the
 * stored body signed for this attempt, and records the outcome. A non-2xx answer, a refused
 * address, an error or a timeout throws, so the runner retries on WEBHOOK_RETRY_SECONDS; the
 * attempt after the last delay marks the delivery failed. Never inside a database transaction.
 */
export const deliverWebhook: JobHandler = async (ctx, payload, run) => {
  const deliveryId = payload.deliveryId;
  if (typeof deliveryId !== 'string') throw new Error('webhook job without deliveryId');
  const d = await webhooksRepo.forSending(ctx.db, deliveryId);
  // Deleted with its webhook, or settled by an earlier run of this job.
  if (d?.status !== 'pending') return;
  const timestamp = Math.floor(run.at.getTime() / 1000);
  let result: SendResult | null = null;
  let error: string | null = null;
  try {
    const target = await resolveWebhookTarget(d.url, ctx.config.webhookAllowPrivate);
    result = await postToTarget(
      target,
      {
        'webhook-id': d.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signDelivery(d.secret, d.id, timestamp, d.body),
      },
      d.body,
    );
  } catch (err) {
    error = err instanceof RefusedUrl ? `refused: ${err.message}` : String((err as Error)?.message ?? err);
  }
  const delivered = result !== null && result.statusCode >= 200 && result.statusCode < 300;
  const last = run.attempts > WEBHOOK_RETRY_SECONDS.length;
  await webhooksRepo.recordAttempt(ctx.db, d.id, {
    status: delivered ? 'delivered' : last ? 'failed' : 'pending',
    statusCode: result?.statusCode ?? null,
    response: result?.response ?? null,
    error: delivered ? null : (error ?? `HTTP ${result?.statusCode}`).slice(0, 500),
    at: run.at,
  });
  // The address is not logged (it may carry a secret of the receiver's).
  if (!delivered) throw new Error(`webhook delivery ${d.id} failed: ${error ?? `HTTP ${result?.statusCode}`}`);
};
