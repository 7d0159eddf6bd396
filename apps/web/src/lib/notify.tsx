import type { ReactNode } from 'react';

export type NoticeVariant = 'success' | 'error' | 'info' | 'warning';
type Sink = (message: ReactNode, variant: NoticeVariant) => void;

/** Where notices go once the lazily loaded stack (app/components/notices.tsx) is mounted. */
let sink: Sink | null = null;
/** Notices raised before that: shown, in order, as soon as it mounts. */
const waiting: [ReactNode, NoticeVariant][] = [];

/** Called by the notice stack when it mounts; returns the detach for its unmount. */
export function attachNoticeSink(next: Sink): () => void {
  sink = next;
  for (const [message, variant] of waiting.splice(0)) next(message, variant);
  return () => {
    if (sink === next) sink = null;
  };
}

/** A notice with a title and an optional line of text (e.g. 'Task Created' / 'Task X added to project'). */
export function notify(title: string, opts: { text?: string; variant?: NoticeVariant } = {}): void {
  const message: ReactNode = opts.text ? (
    <span>
      <strong style={{ display: 'block' }}>{title}</strong>
      {opts.text}
    </span>
  ) : (
    title
  );
  const variant = opts.variant ?? 'success';
  if (sink) sink(message, variant);
  else waiting.push([message, variant]);
}

export const notifyError = (title: string, text?: string) => notify(title, { text, variant: 'error' });
