import http from 'node:http';

export type SseEvent = { type: string; data: Record<string, unknown> };

export type SseStream = {
  status: number;
  events: SseEvent[];
  /** Resolves with the first event (already received or arriving) that matches, or rejects after `ms`. */
  waitFor: (match: (e: SseEvent) => boolean, ms?: number) => Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/**
 * A minimal server-sent-events client on node's http module (what a browser's EventSource does).
 * For a 200 answer it resolves once the server's `: connected` line has arrived: the server
 * registers the stream in the same tick it writes that line, so an event published after this
 * resolves reaches the stream (no sleep needed).
 */
export function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let connected = false;
      let endResolve: () => void = () => {};
      const ended = new Promise<void>((r) => {
        endResolve = r;
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let i = buffer.indexOf('\n\n');
        while (i !== -1) {
          const frame = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (!connected && frame.split('\n').includes(': connected')) {
            connected = true;
            resolve(stream);
          }
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) {
            try {
              events.push(JSON.parse(data) as SseEvent);
            } catch {
              /* not JSON */
            }
            for (const w of waiters) w();
          }
          i = buffer.indexOf('\n\n');
        }
      });
      res.on('end', () => endResolve());
      res.on('close', () => {
        endResolve();
        if (!connected) resolve(stream);
      });
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        events,
        ended,
        waitFor: (match, ms = 2000) =>
          new Promise((ok, fail) => {
            const check = () => {
              const e = events.find(match);
              if (e) {
                waiters.delete(check);
                clearTimeout(timer);
                ok(e);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
            }, ms);
            waiters.add(check);
            check();
          }),
        close: () => {
          req.destroy();
          res.destroy();
        },
      };
      if (res.statusCode !== 200) resolve(stream);
    });
    req.on('error', reject);
  });
}
