import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { DUE_AT_ONCE, enqueueJob } from '../jobs';
import { mailRepo } from './mail.repo';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mails (kept in the outbox with the mail). */
  headers?: Record<string, string>;
};

/** The SMTP transport; only the `mail` job calls it (DESIGN §9: mail is a job). */
export type Mailer = {
  /** False without SMTP_URL: the outbox and the log are the mailbox (DESIGN §2). */
  configured: boolean;
  deliver: (mail: Mail) => Promise<void>;
};

export function createMailer(opts: { smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;
  return {
    configured: Boolean(transport),
    async deliver(mail) {
      if (!transport) throw new Error('no SMTP server configured');
      await transport.sendMail({ from: opts.from, ...mail });
    },
  };
}

export const MAIL_JOB = 'mail';
/**
 * Waits before the 2nd, 3rd and 4th attempt; when the 4th fails too the mail is dead, and staff
 * see it with its last error in /admin's outbox.
 */
export const MAIL_RETRY_SECONDS = [60, 5 * 60, 30 * 60];

/**
 * Queues a mail: the outbox row and its `mail` job are written with `exec`, so a mail caused by
 * a change is committed with it (pass the transaction) and a mail server that is down loses
 * nothing. The one way every module sends mail.
 */
export async function queueMail(exec: Executor, mail: Mail): Promise<string> {
  const id = await mailRepo.insert(exec, mail);
  await enqueueJob(exec, { kind: MAIL_JOB, payload: { outboxId: id }, runAt: DUE_AT_ONCE });
  return id;
}

/** The `mail` job: sends an outbox row once; a failure is recorded on the row and retried. */
export async function deliverQueuedMail(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'log'>,
  payload: Record<string, unknown>,
  job: { attempts: number },
): Promise<void> {
  const id = payload.outboxId;
  if (typeof id !== 'string') throw new Error('mail job without outboxId');
  const row = await mailRepo.find(ctx.db, id);
  // Already handled (a rerun after a crash): nothing to do.
  if (!row || row.status === 'sent' || row.status === 'logged') return;
  const mail = { to: row.to, subject: row.subject, text: row.text, html: row.html, headers: row.headers ?? undefined };
  if (!ctx.mailer.configured) {
    logMail(ctx.log, mail);
    await mailRepo.markDelivered(ctx.db, id, 'logged', job.attempts);
    return;
  }
  try {
    await ctx.mailer.deliver(mail);
  } catch (err) {
    const error = String((err as Error)?.message ?? err);
    await mailRepo.markFailed(ctx.db, id, {
      error,
      attempts: job.attempts,
      dead: job.attempts > MAIL_RETRY_SECONDS.length,
    });
    throw err;
  }
  await mailRepo.markDelivered(ctx.db, id, 'sent', job.attempts);
}

/**
 * No SMTP server: outside production a newcomer reads the code in the log. In production
 * (NODE_ENV=production) the body never reaches the log: it holds live reset links and codes
 * (DESIGN §14); staff read it in /admin's outbox. With SMTP, mail bodies never reach the log.
 */
export function logMail(log: FastifyBaseLogger, mail: Mail) {
  const production = process.env.NODE_ENV === 'production';
  log.info(
    { mail: { to: mail.to, subject: mail.subject, ...(production ? {} : { text: mail.text }) } },
    production ? 'mail written to outbox (body not logged in production)' : 'mail written to outbox',
  );
}

/** Both parts of a mail from one paragraph list; the HTML part escapes everything. */
export function renderMail(
  paragraphs: string[],
  link?: { href: string; label: string },
): { text: string; html: string } {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#1a2027">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}</body></html>`;
  return { text, html };
}
