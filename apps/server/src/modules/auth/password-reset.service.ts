import { AUTH_MSG, PASSWORD_RESET_MINUTES, type ResetPasswordBody } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { invalid } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { queueMail, renderMail } from '../mail';
import { findUserByEmail, hashNewPassword, replacePassword } from './auth.service';
import { passwordResetsRepo } from './password-resets.repo';
import { sendSecurityMail } from './security-mail.service';
import { pauseWithdrawals } from './two-factor.service';
import { usersRepo } from '../users';

/** At most one reset mail a minute per account, so the endpoint cannot flood a mailbox. */
const MAIL_INTERVAL_MS = 60_000;

/** POST /auth/forgot-password: always answers the same, whether or not the account exists. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user) return;
  const now = ctx.now();
  if (await passwordResetsRepo.hasSince(ctx.db, user.id, new Date(now.getTime() - MAIL_INTERVAL_MS))) return;
  const token = newToken();
  const link = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.db.transaction(async (tx) => {
    await passwordResetsRepo.insert(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
      createdAt: now,
    });
    await queueMail(tx, {
      to: user.email,
      subject: 'Reset your DevMarket password',
      ...renderMail(
        [
          `Hi ${user.firstName},`,
          `Someone asked to reset the password of your DevMarket account. The link below is valid for ${PASSWORD_RESET_MINUTES} minutes and works once.`,
          'If it was not you, ignore this mail: your password stays as it is.',
        ],
        { href: link, label: 'Choose a new password' },
      ),
    });
  });
}

/**
 * POST /auth/reset-password: single use, expires after an hour, signs out every session. Opening
 * the mailed link proves the address, so an unverified e-mail becomes verified.
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordBody): Promise<void> {
  const passwordHash = await hashNewPassword(input.password, 'password');
  const ok = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const userId = await passwordResetsRepo.useToken(tx, hashToken(input.token), now);
    if (!userId) return false;
    await replacePassword(tx, userId, passwordHash, { verifyEmail: true, now });
    // Other outstanding links die with this one.
    await passwordResetsRepo.useAllOf(tx, userId, now);
    // DESIGN §14: a reset by link pauses withdrawals and is told to the owner at once.
    await pauseWithdrawals(ctx, tx, userId);
    const user = await usersRepo.findById(tx, userId);
    if (user) await sendSecurityMail(tx, user, { kind: 'password-reset' }, ctx.config.appUrl);
    return true;
  });
  if (!ok) throw invalid({ token: AUTH_MSG.resetInvalid }, AUTH_MSG.resetInvalid);
}
