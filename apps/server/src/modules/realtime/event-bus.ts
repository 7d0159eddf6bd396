import type { Database } from '../../db/client';

/** An event for some users' open browsers (DESIGN §4 real-time). */
export type AppEvent = {
  type: string;
  /** Users who may receive it. */
  userIds: string[];
  data: Record<string, unknown>;
};

export type EventBus = {
  /** Fans out to every instance through PostgreSQL NOTIFY; call after the change is committed. */
  publish: (event: AppEvent) => Promise<void>;
  subscribe: (onEvent: (event: AppEvent) => void) => () => void;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

const CHANNEL = 'app_events';
/** NOTIFY payloads are limited to 8000 bytes; larger events carry only their type and ids. */
const MAX_PAYLOAD = 7_900;

export function createEventBus(database: Database): EventBus {
  const listeners = new Set<(e: AppEvent) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  const deliver = (payload: string) => {
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      return;
    }
    for (const l of listeners) l(event);
  };
  return {
    async publish(event) {
      let payload = JSON.stringify(event);
      if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ ...event, data: { truncated: true } });
      const { sql } = await import('drizzle-orm');
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
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
