import { type PublishedRealtimeEvent, publishedRealtimeEventSchema } from '@devmarket/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { statement, statementRows } from '../../db/raw';

/**
 * What the bus carries (DESIGN §4 real-time): a NOTIFY payload, untyped on purpose, since the bus
 * only moves it. Modules publish through `publishAfterCommit` (or `publishInTransaction`), which
 * take a member of the contract's union.
 */
export type AppEvent = {
  type: string;
  /** Users who may receive it. */
  userIds: string[];
  data: Record<string, unknown>;
};

/** An event a module publishes: a member of the contract's union (type and data match) and its audience. */
export type OutgoingEvent = PublishedRealtimeEvent & {
  /** Users who may receive it. */
  userIds: string[];
};

export type EventBus = {
  /**
   * Fans out to every instance through PostgreSQL NOTIFY; call after the change is committed. Never
   * throws. Modules call `publishAfterCommit`, which checks the event against the contract first.
   */
  publish: (event: AppEvent) => Promise<void>;
  subscribe: (onEvent: (event: AppEvent) => void) => () => void;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

const CHANNEL = 'app_events';
/** NOTIFY payloads are limited to 8000 bytes; larger events carry only their type and ids. */
const MAX_PAYLOAD = 7_900;

/** What a too-large event keeps: its short scalar fields (ids), so browsers know what to refetch. */
function idsOnly(data: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = { truncated: true };
  for (const [k, v] of Object.entries(data)) {
    if ((typeof v === 'string' && v.length <= 100) || typeof v === 'number' || typeof v === 'boolean') kept[k] = v;
  }
  return kept;
}

/** The NOTIFY payload of an event, within PostgreSQL's limit. */
function encodeEvent(event: AppEvent): string {
  const payload = JSON.stringify(event);
  // The limit is in bytes: measure the UTF-8 length, not the UTF-16 one.
  return Buffer.byteLength(payload) > MAX_PAYLOAD ? JSON.stringify({ ...event, data: idsOnly(event.data) }) : payload;
}

/**
 * Outside production every published event is checked against the contract's union first, so a
 * test fails on a wrong payload (as the response serializer checks answers); production skips it.
 */
const CHECK_EVENTS = process.env.NODE_ENV !== 'production';

function checkEvent(event: OutgoingEvent): void {
  if (!CHECK_EVENTS) return;
  const result = publishedRealtimeEventSchema.safeParse({ type: event.type, data: event.data });
  if (!result.success) {
    throw new Error(`realtime event '${event.type}' does not match the contract:\n${z.prettifyError(result.error)}`);
  }
}

/** Every write publishes: a constant text prepared by name (db/raw.ts, issue 33). */
export const NOTIFY = statement('app_events_notify', 'select pg_notify($1, $2)');

/** The NOTIFY statement itself: PostgreSQL sends it when `exec`'s transaction commits. */
async function notify(exec: Executor, event: AppEvent): Promise<void> {
  await statementRows(exec, NOTIFY, [CHANNEL, encodeEvent(event)]);
}

/**
 * The one way a module publishes after its change is committed. Never fails the committed change:
 * a lost NOTIFY is logged (browsers refetch when they reconnect). Outside production a payload that
 * does not match the contract throws.
 */
export async function publishAfterCommit(ctx: { events: EventBus }, event: OutgoingEvent): Promise<void> {
  checkEvent(event);
  await ctx.events.publish(event);
}

/**
 * Publishes from inside a database transaction (for changes made deep in one, such as ledger
 * postings): PostgreSQL delivers the NOTIFY when the transaction commits and drops it on rollback,
 * so the event is "after commit" without the caller's help. Fails the transaction if it fails.
 */
export async function publishInTransaction(exec: Executor, event: OutgoingEvent): Promise<void> {
  checkEvent(event);
  await notify(exec, event);
}

export function createEventBus(database: Database, log?: Pick<FastifyBaseLogger, 'warn'>): EventBus {
  const listeners = new Set<(e: AppEvent) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  const deliver = (payload: string) => {
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      return;
    }
    if (!event || typeof event.type !== 'string' || !Array.isArray(event.userIds)) return;
    for (const l of listeners) {
      try {
        l(event);
      } catch {
        // one faulty listener must not starve the others
      }
    }
  };
  return {
    async publish(event) {
      try {
        await notify(database.db, event);
      } catch (err) {
        // The change is committed already: failing the request now (say, the connection was just
        // lost) would make the client retry a done action. Browsers refetch when they reconnect.
        log?.warn({ type: event.type, reason: (err as Error)?.message }, 'event not published');
      }
    },
    subscribe(onEvent) {
      listeners.add(onEvent);
      return () => listeners.delete(onEvent);
    },
    async start() {
      unlisten = await database.listen(CHANNEL, deliver);
    },
    async stop() {
      await unlisten?.();
    },
  };
}
