import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idArray, statement, statementRows } from '../../db/raw';
import { queryRows } from '../../db/rows';
import { webhookDeliveries, webhooks } from '../../db/schema/index';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const deliveryColumns = {
  id: webhookDeliveries.id,
  webhookId: webhookDeliveries.webhookId,
  event: webhookDeliveries.event,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  createdAt: webhookDeliveries.createdAt,
};
export type DeliverySummary = Pick<
  DeliveryRow,
  'id' | 'webhookId' | 'event' | 'status' | 'attempts' | 'lastStatusCode' | 'createdAt'
>;

/**
 * Every task write asks this in its transaction (issue 33): a constant text prepared by name
 * (db/raw.ts) instead of drizzle's builder. `events @> array[$2]` as drizzle's arrayContains wrote it.
 */
export const SUBSCRIBED = statement(
  'webhooks_subscribed',
  'select id from webhooks where project_id = $1 and events @> array[$2::text]',
);

/** SQL of project webhooks and their deliveries (DESIGN §16). */
export const webhooksRepo = {
  /**
   * Who the caller is to a project, read here (not through the projects module, which stands
   * above webhooks: the work modules call webhooks, so webhooks imports none of them).
   */
  async projectAccess(
    exec: Executor,
    projectId: string,
    userId: string,
  ): Promise<{ ownerId: string; visibility: string; member: boolean; invited: boolean } | undefined> {
    const [row] = await queryRows<{ ownerId: string; visibility: string; member: boolean; invited: boolean }>(
      exec,
      sql`select p.owner_id as "ownerId", p.visibility,
                 exists(select 1 from project_members m where m.project_id = p.id and m.user_id = ${userId}) as member,
                 exists(select 1 from invites i where i.project_id = p.id and i.user_id = ${userId}
                        and i.accepted_at is null) as invited
          from projects p where p.id = ${projectId}`,
    );
    return row;
  },

  async insert(
    exec: Executor,
    row: { projectId: string; url: string; events: string[]; secret: string; createdBy: string; createdAt: Date },
  ): Promise<WebhookRow> {
    const [created] = await exec.insert(webhooks).values(row).returning();
    return created;
  },

  async listForProject(exec: Executor, projectId: string): Promise<WebhookRow[]> {
    return exec.select().from(webhooks).where(eq(webhooks.projectId, projectId)).orderBy(webhooks.createdAt);
  },

  async find(exec: Executor, projectId: string, id: string): Promise<WebhookRow | undefined> {
    const [row] = await exec
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.projectId, projectId)));
    return row;
  },

  async delete(exec: Executor, projectId: string, id: string): Promise<boolean> {
    const rows = await exec
      .delete(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.projectId, projectId)))
      .returning({ id: webhooks.id });
    return rows.length > 0;
  },

  /** The project's webhooks that subscribe to an event (in the cause's transaction). */
  async subscribed(exec: Executor, projectId: string, event: string): Promise<Pick<WebhookRow, 'id'>[]> {
    return statementRows<{ id: string }>(exec, SUBSCRIBED, [projectId, event]);
  },

  async insertDelivery(
    exec: Executor,
    row: { webhookId: string; event: string; body: string; createdAt: Date },
  ): Promise<DeliverySummary> {
    const [created] = await exec.insert(webhookDeliveries).values(row).returning(deliveryColumns);
    return created;
  },

  /** A hook's deliveries, newest first. */
  async deliveries(exec: Executor, webhookId: string, limit: number): Promise<DeliverySummary[]> {
    return exec
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  },

  /** The newest `perHook` deliveries of each of these hooks, newest first. */
  async latestDeliveries(exec: Executor, webhookIds: string[], perHook: number): Promise<DeliverySummary[]> {
    if (webhookIds.length === 0) return [];
    return queryRows<DeliverySummary>(
      exec,
      sql`select d.id, d.webhook_id as "webhookId", d.event, d.status, d.attempts,
                 d.last_status_code as "lastStatusCode", d.created_at as "createdAt"
          from unnest(${idArray(webhookIds)}::uuid[]) as h(id)
          cross join lateral (
            select * from webhook_deliveries x where x.webhook_id = h.id
            order by x.created_at desc, x.id desc limit ${perHook}) d
          order by d.created_at desc, d.id desc`,
    );
  },

  /** What a delivery attempt needs: the delivery and its hook's address and secret. */
  async forSending(
    exec: Executor,
    deliveryId: string,
  ): Promise<(Pick<DeliveryRow, 'id' | 'body' | 'status'> & Pick<WebhookRow, 'url' | 'secret'>) | undefined> {
    const [row] = await exec
      .select({
        id: webhookDeliveries.id,
        body: webhookDeliveries.body,
        status: webhookDeliveries.status,
        url: webhooks.url,
        secret: webhooks.secret,
      })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhookDeliveries.id, deliveryId));
    return row;
  },

  async recordAttempt(
    exec: Executor,
    id: string,
    outcome: {
      status: DeliveryRow['status'];
      statusCode: number | null;
      response: string | null;
      error: string | null;
      at: Date;
    },
  ): Promise<void> {
    await exec
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatusCode: outcome.statusCode,
        lastResponse: outcome.response,
        lastError: outcome.error,
        ...(outcome.status === 'delivered' ? { deliveredAt: outcome.at } : {}),
      })
      .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['pending'])));
  },
};
