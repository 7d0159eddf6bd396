import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';

/** An event for some users' open browsers (DESIGN §4 real-time). */
export type AppEvent = {
  type: string;
  /** Users who may receive it. */
  userIds: string[];
  data: Record<string, unknown>;
};

export type EventBus = {
  /** Fans out to every instance through PostgreSQL NOTIFY; call after the change is committed. Never throws. */
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
 * Publishes from inside a database transaction: PostgreSQL delivers a NOTIFY when the transaction
 * commits and drops it on rollback, so the event is "after commit" without the caller's help.
 */
export async function publishOnCommit(exec: Executor, event: AppEvent): Promise<void> {
  await exec.execute(sql`select pg_notify(${CHANNEL}, ${encodeEvent(event)})`);
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
        await publishOnCommit(database.db, event);
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
