import type { UserRow } from '../../db/schema/index';
import {
  AUTH_MSG,
  RESEND_INTERVAL_SECONDS,
  VERIFICATION_CODE_MINUTES,
  VERIFICATION_MAX_ATTEMPTS,
} from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, conflict, invalid } from '../../lib/errors';
import { hashToken, newDigitCode, newToken, safeEqual } from '../../lib/tokens';
import { queueMail, renderMail } from '../mail';
import { usersRepo } from '../users';
import { emailVerificationsRepo } from './email-verifications.repo';

const LINK_VALID_MS = 24 * 3600_000;

/** Stores a fresh code and link token (replacing any earlier ones) and mails both. */
export async function sendVerification(ctx: AppContext, user: Pick<UserRow, 'id' | 'email' | 'firstName'>) {
  const code = newDigitCode(6);
  const linkToken = newToken();
  const now = new Date();
  const values = {
    codeHash: hashToken(`${user.id}:${code}`),
    linkTokenHash: hashToken(linkToken),
    attempts: 0,
    expiresAt: new Date(now.getTime() + VERIFICATION_CODE_MINUTES * 60_000),
    sentAt: now,
  };
  const link = `${ctx.config.appUrl}/api/v1/auth/verify-email/${linkToken}`;
  // The code and its mail commit together: a mail server that is down delays the code, never loses it.
  await ctx.db.transaction(async (tx) => {
    await emailVerificationsRepo.replace(tx, user.id, values);
    await queueMail(tx, {
      to: user.email,
      subject: `${code} is your DevMarket verification code`,
      ...renderMail(
        [
          `Hi ${user.firstName},`,
          `Your DevMarket verification code is ${code}. It is valid for ${VERIFICATION_CODE_MINUTES} minutes.`,
          'You can also verify your email address with the link below. If you did not sign up, ignore this mail.',
        ],
        { href: link, label: 'Verify my email' },
      ),
    });
  });
}

/** POST /user/resend-verification-email: at most once a minute per account. */
export async function resendVerification(ctx: AppContext, user: UserRow) {
  if (user.emailVerifiedAt) throw conflict(AUTH_MSG.alreadyVerified);
  const sentAt = await emailVerificationsRepo.sentAt(ctx.db, user.id);
  const waitMs = sentAt ? sentAt.getTime() + RESEND_INTERVAL_SECONDS * 1000 - Date.now() : 0;
  if (waitMs > 0) {
    throw new AppError('RATE_LIMITED', AUTH_MSG.resendTooSoon, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }
  await sendVerification(ctx, user);
}

/** Marks the e-mail verified; a developer who already gave their links goes to review. */
async function markVerified(exec: Executor, userId: string) {
  await usersRepo.markEmailVerified(exec, userId);
  await emailVerificationsRepo.remove(exec, userId);
}

/**
 * The 6-digit code with the bearer token: single use, valid 10 minutes, 5 wrong tries spend it.
 * Wrong and spent codes answer 422 on `code`.
 */
export async function verifyCode(ctx: AppContext, user: UserRow, code: string): Promise<{ verified: true }> {
  if (user.emailVerifiedAt) return { verified: true };
  const outcome = await ctx.db.transaction(async (tx): Promise<{ error: string } | { error: null }> => {
    const row = await emailVerificationsRepo.lockForUser(tx, user.id);
    if (!row || row.expiresAt.getTime() <= Date.now()) return { error: AUTH_MSG.codeExpired };
    if (row.attempts >= VERIFICATION_MAX_ATTEMPTS) return { error: AUTH_MSG.codeSpent };
    if (!safeEqual(row.codeHash, hashToken(`${user.id}:${code}`))) {
      // The wrong try is committed (the answer is a 422 outside the transaction).
      const attempts = row.attempts + 1;
      await emailVerificationsRepo.setAttempts(tx, user.id, attempts);
      return { error: attempts >= VERIFICATION_MAX_ATTEMPTS ? AUTH_MSG.codeSpent : AUTH_MSG.codeIncorrect };
    }
    await markVerified(tx, user.id);
    return { error: null };
  });
  if (outcome.error) throw invalid({ code: outcome.error }, outcome.error);
  return { verified: true };
}

/** The long link token from the mail: verifies and says whether it worked. */
export async function verifyLinkToken(ctx: AppContext, token: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    // The link outlives the code: a day from sending.
    const userId = await emailVerificationsRepo.lockUnverifiedByLinkToken(
      tx,
      hashToken(token),
      new Date(Date.now() - LINK_VALID_MS),
    );
    if (!userId) return false;
    await markVerified(tx, userId);
    return true;
  });
}
