import type { ServerResponse } from 'node:http';
import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema/index';
import type { AppEvent } from './event-bus';

/** Heartbeat comments keep proxies from closing idle streams; sessions are re-checked as often. */
export const HEARTBEAT_MS = 25_000;
/** A connection whose unsent output grows past this is a slow consumer: it is closed, not queued. */
export const MAX_BUFFERED_BYTES = 64 * 1024;
/** Open streams per user (tabs); the oldest is closed beyond it. */
export const MAX_STREAMS_PER_USER = 10;
/** Open streams per instance; more answer 503 and the browser retries with back-off. */
export const MAX_STREAMS = 20_000;

type Stream = { userId: string; sessionId: string | null; res: ServerResponse; closed: boolean };

/**
 * The open event streams of one server instance, indexed by user. Every event is serialised once
 * and written only to the streams of the users in its audience; nothing is queued per stream
 * beyond the socket's own buffer, so memory stays bounded however many streams are open.
 */
export class StreamHub {
  private readonly byUser = new Map<string, Set<Stream>>();
  private count = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly unsubscribe: () => void;

  constructor(private readonly ctx: AppContext) {
    this.unsubscribe = ctx.events.subscribe((e) => this.deliver(e));
  }

  get size(): number {
    return this.count;
  }

  get isFull(): boolean {
    return this.count >= MAX_STREAMS;
  }

  add(userId: string, sessionId: string | null, res: ServerResponse): Stream {
    const stream: Stream = { userId, sessionId, res, closed: false };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    if (set.size >= MAX_STREAMS_PER_USER) {
      const oldest = set.values().next().value;
      if (oldest) this.close(oldest);
    }
    set.add(stream);
    this.count++;
    this.timer ??= setInterval(() => void this.sweep(), HEARTBEAT_MS).unref();
    return stream;
  }

  /** Forgets a stream (after its socket closed) and ends it if still open. */
  close(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    const set = this.byUser.get(stream.userId);
    if (set?.delete(stream)) this.count--;
    if (set?.size === 0) this.byUser.delete(stream.userId);
    if (!stream.res.writableEnded) stream.res.end();
    if (this.count === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Audience check on every event: only streams of the event's users get it. */
  deliver(event: AppEvent): void {
    const frame = `data: ${JSON.stringify({ type: event.type, data: event.data })}\n\n`;
    for (const userId of new Set(event.userIds)) {
      const set = this.byUser.get(userId);
      if (!set) continue;
      for (const s of [...set]) this.write(s, frame);
    }
  }

  private write(stream: Stream, chunk: string): void {
    if (stream.closed) return;
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
      // The browser reconnects and refetches; an unbounded queue would let one client exhaust memory.
      this.ctx.log.warn({ userId: stream.userId }, 'closing a slow event stream');
      this.close(stream);
      return;
    }
    stream.res.write(chunk);
  }

  /** Heartbeat to every stream, then closes the streams whose token was revoked or expired. */
  async sweep(): Promise<void> {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    for (const s of all) this.write(s, ': ping\n\n');
    const ids = [...new Set(all.map((s) => s.sessionId).filter((id): id is string => Boolean(id)))];
    const valid = new Set<string>();
    try {
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await this.ctx.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(
              inArray(sessions.id, ids.slice(i, i + 1000)),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, this.ctx.now()),
            ),
          );
        for (const r of rows) valid.add(r.id);
      }
    } catch (err) {
      // The database is unreachable for a moment: keep the streams, check again next time.
      this.ctx.log.warn({ err }, 'could not re-check event stream sessions');
      return;
    }
    for (const s of all) if (!s.sessionId || !valid.has(s.sessionId)) this.close(s);
  }

  /** Ends every stream (the server is shutting down) and stops listening. */
  closeAll(): void {
    for (const set of [...this.byUser.values()]) for (const s of [...set]) this.close(s);
    this.unsubscribe();
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

const hubs = new WeakMap<AppContext, StreamHub>();

/** The hub of an app (tests and diagnostics reach it through `app.ctx`). */
export function hubOf(ctx: AppContext): StreamHub | undefined {
  return hubs.get(ctx);
}

export function createHub(ctx: AppContext): StreamHub {
  const hub = new StreamHub(ctx);
  hubs.set(ctx, hub);
  return hub;
}
