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

export type SecurityEvent =
  | { kind: 'password-changed' }
  | { kind: 'password-reset' }
  | { kind: 'two-factor-on' }
  | { kind: 'two-factor-off' }
  | { kind: 'withdrawal-address-added'; currency: string; address: string; label: string; usableAt: string };

function content(e: SecurityEvent): { subject: string; lines: string[] } {
  switch (e.kind) {
    case 'password-changed':
      return {
        subject: 'Your DevMarket password was changed',
        lines: ['The password of your DevMarket account was just changed, and your other sessions were signed out.'],
      };
    case 'password-reset':
      return {
        subject: 'Your DevMarket password was reset',
        lines: [
          'The password of your DevMarket account was just reset with a link sent to this address. Every session was signed out.',
          'For your safety, withdrawals are paused for a while after this change.',
        ],
      };
    case 'two-factor-on':
      return {
        subject: 'Two-step verification is on',
        lines: [
          'Two-step verification was turned on for your DevMarket account. Signing in now asks for a code from your authenticator app.',
        ],
      };
    case 'two-factor-off':
      return {
        subject: 'Two-step verification was turned off',
        lines: [
          'Two-step verification was turned off for your DevMarket account.',
          'For your safety, withdrawals are paused for a while after this change.',
        ],
      };
    case 'withdrawal-address-added':
      return {
        subject: 'A withdrawal address was added',
        lines: [
          `A ${e.currency} address was added to the withdrawal address book of your DevMarket account: ${e.address}${
            e.label ? ` (${e.label})` : ''
          }.`,
          `It can receive withdrawals from ${e.usableAt}.`,
        ],
      };
  }
}

/**
 * Queues the mail of one security change with `exec` (pass the transaction of the change): the
 * same frame, footer and link as every security mail.
 */
export async function sendSecurityMail(
  exec: Executor,
  user: SecurityMailTo,
  event: SecurityEvent,
  appUrl: string,
): Promise<void> {
  const { subject, lines } = content(event);
  await queueSecurityMail(exec, user, { subject, paragraphs: lines }, appUrl);
}
