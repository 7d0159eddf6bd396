import { enqueueSnackbar } from 'notistack';
import type { ReactNode } from 'react';

export type NoticeVariant = 'success' | 'error' | 'info' | 'warning';

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
  enqueueSnackbar(message, { variant: opts.variant ?? 'success' });
}

export const notifyError = (title: string, text?: string) => notify(title, { text, variant: 'error' });
