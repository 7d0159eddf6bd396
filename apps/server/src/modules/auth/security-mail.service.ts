import type { Executor } from '../../db/client';
import { queueMail, renderMail } from '../mail';

/**
 * DESIGN §14: security mail goes out at once through the mail queue (with the change's own
 * transaction), never batched into a digest and never switchable off by notification settings.
 */
export type SecurityEvent =
  | { kind: 'password-changed' }
  | { kind: 'password-reset' }
  | { kind: 'two-factor-on' }
  | { kind: 'two-factor-off' }
  | { kind: 'withdrawal-address-added'; currency: string; address: string; label: string; usableAt: string };

const NOT_YOU = 'If this was not you, reset your password at once and contact support.';

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

/** Queues one security mail with `exec` (pass the transaction of the change). */
export async function sendSecurityMail(
  exec: Executor,
  user: { email: string; firstName: string },
  event: SecurityEvent,
): Promise<void> {
  const { subject, lines } = content(event);
  await queueMail(exec, { to: user.email, subject, ...renderMail([`Hi ${user.firstName},`, ...lines, NOT_YOU]) });
}
