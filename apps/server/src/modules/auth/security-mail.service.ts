import type { Executor } from '../../db/client';
import { queueMail, renderMail } from '../mail';

/**
 * Security mails (DESIGN §14): sent at once through the mail queue, in the transaction of the
 * change they report, never batched and never switchable off (they do not go through the
 * notification preferences). Every kind is built here; callers pick one of `securityMails`.
 */
export type SecurityMailTo = { email: string; firstName: string; timezone?: string | null };

/** "25 Nov 2026, 18:00 UTC" in the user's timezone from /account, else UTC (DESIGN §13). */
export function formatMailTime(at: Date, timezone?: string | null): string {
  const zone = timezone || 'UTC';
  let text: string;
  try {
    text = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    }).format(at);
  } catch {
    return formatMailTime(at, 'UTC');
  }
  return `${text.replace(/ at /, ', ')} ${zone}`;
}

const FOOTER =
  'If this was not you, change your password now and sign out of your other sessions in your account settings.';

/** Queues one security mail to `to` (commit it with the change: pass the transaction). */
export async function queueSecurityMail(
  exec: Executor,
  to: SecurityMailTo,
  mail: { subject: string; paragraphs: string[] },
  appUrl: string,
): Promise<string> {
  return queueMail(exec, {
    to: to.email,
    subject: mail.subject,
    ...renderMail([`Hi ${to.firstName},`, ...mail.paragraphs, FOOTER], {
      href: `${appUrl}/account`,
      label: 'Open your account settings',
    }),
  });
}

/** The texts of each security mail. */
export const securityMails = {
  /** A sign-in from a browser (user agent) not seen on the account in 90 days. */
  newSignIn: (to: SecurityMailTo, opts: { userAgent: string | null; ip: string | null; at: Date }) => ({
    subject: 'New sign-in to your DevMarket account',
    paragraphs: [
      `Your account was signed in to from a browser it has not been used with recently, on ${formatMailTime(opts.at, to.timezone)}.`,
      `Browser: ${opts.userAgent ?? 'unknown'}`,
      `Address: ${opts.ip ?? 'unknown'}`,
    ],
  }),
};

/** Days a browser (user agent) stays known to an account after it was last seen there. */
export const KNOWN_BROWSER_DAYS = 90;
