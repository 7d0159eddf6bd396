import { useEffect, useRef } from 'react';
import { API_BASE } from './api-client';
import { getAccessToken } from './cookie';

/** An event pushed by the server (see apps/server/src/modules/realtime). */
export type RealtimeEvent = { type: string; data: Record<string, unknown> };
type Handler = (event: RealtimeEvent) => void;

const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;
let retryMs = 1000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let users = 0;

function dispatch(event: RealtimeEvent) {
  for (const h of handlers.get(event.type) ?? []) h(event);
  for (const h of handlers.get('*') ?? []) h(event);
}

/**
 * One server-sent-events stream per tab, opened while some component listens. The AccessToken
 * cookie authenticates it; after a drop it reconnects with exponential back-off (1 s to 30 s).
 */
function connect() {
  if (source || !getAccessToken()) return;
  source = new EventSource(`${API_BASE}/events`);
  source.onopen = () => {
    retryMs = 1000;
  };
  source.onmessage = (e) => {
    try {
      dispatch(JSON.parse(e.data) as RealtimeEvent);
    } catch {
      /* ignore a malformed frame */
    }
  };
  source.onerror = () => {
    source?.close();
    source = null;
    if (users === 0) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  };
}

function disconnect() {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
}

/** Calls `handler` for every event of `type` ('*' for all) while the component is mounted. */
export function useRealtimeEvent(type: string, handler: Handler) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const h: Handler = (e) => ref.current(e);
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
      if (users === 0) disconnect();
    };
  }, [type]);
}
