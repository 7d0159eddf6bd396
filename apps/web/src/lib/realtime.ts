import type { RealtimeEvent, RealtimeEventType } from '@devmarket/contract';
import { useEffect, useRef } from 'react';
import { API_BASE } from './api-client';

/*
 * The events pushed by the server (apps/server/src/modules/realtime) are the contract's union
 * (packages/contract/src/realtime.ts), imported for types only: zod stays out of this module. A
 * too-large event arrives in its `truncated` ids-only form, which the union's types include.
 */

/** Local, not from the server: after a dropped stream comes back, listeners refetch what they may have missed. */
type ReconnectedEvent = { type: 'reconnected'; data: Record<string, never> };
type StreamEvent = RealtimeEvent | ReconnectedEvent;
/** What a listener may ask for: one event type, 'reconnected', or '*' for everything. */
type RealtimeListenType = RealtimeEventType | 'reconnected' | '*';
/** The event a listener of `T` receives. */
type RealtimeEventOf<T extends RealtimeListenType> = T extends '*' ? StreamEvent : Extract<StreamEvent, { type: T }>;
type Handler = (event: StreamEvent) => void;

const MIN_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;
let retryMs = MIN_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let users = 0;
let wasConnected = false;
let dropped = false;

function dispatch(event: StreamEvent) {
  for (const h of [...(handlers.get(event.type) ?? [])]) h(event);
  for (const h of [...(handlers.get('*') ?? [])]) h(event);
}

/**
 * One server-sent-events stream per tab, opened while some (signed-in) component listens. The
 * server's HttpOnly AccessToken cookie authenticates it; after a drop it reconnects with exponential back-off (1 s to 30 s,
 * with jitter so a restarted server is not hit by every browser at once).
 */
function connect() {
  clearTimeout(retryTimer);
  if (source || users === 0) return;
  source = new EventSource(`${API_BASE}/events`, { withCredentials: true });
  source.onopen = () => {
    retryMs = MIN_RETRY_MS;
    if (wasConnected && dropped) dispatch({ type: 'reconnected', data: {} });
    wasConnected = true;
    dropped = false;
  };
  source.onmessage = (e) => {
    try {
      // The server checks what it publishes against the contract (outside production); not parsed here.
      dispatch(JSON.parse(e.data) as RealtimeEvent);
    } catch {
      /* ignore a malformed frame */
    }
  };
  source.onerror = () => {
    source?.close();
    source = null;
    dropped = true;
    if (users === 0) return;
    const delay = retryMs * (0.75 + Math.random() * 0.5);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    retryTimer = setTimeout(connect, delay);
  };
}

function disconnect() {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
  wasConnected = false;
  dropped = false;
  retryMs = MIN_RETRY_MS;
}

/**
 * Calls `handler` for every event of `type` ('*' for all) while the component is mounted and
 * `enabled` (pass false for guests: the stream needs a signed-in user). The handler's event is
 * typed by `type`: `useRealtimeEvent('task', (e) => e.data.task)` knows the task's shape.
 */
export function useRealtimeEvent<T extends RealtimeListenType>(
  type: T,
  handler: (event: RealtimeEventOf<T>) => void,
  enabled = true,
) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!enabled) return;
    // Events are filed by type (dispatch), so this one is a RealtimeEventOf<T>.
    const h: Handler = (e) => ref.current(e as RealtimeEventOf<T>);
    let set = handlers.get(type);
    if (!set) {
      set = new Set();
      handlers.set(type, set);
    }
    set.add(h);
    users++;
    connect();
    return () => {
      set.delete(h);
      users--;
      // A layout change unmounts and remounts listeners: keep the stream for a moment.
      if (users === 0) setTimeout(() => users === 0 && disconnect(), 1000);
    };
  }, [type, enabled]);
}
