import {
  LOGIN_TICKET_MAX_FAILURES,
  LOGIN_TICKET_MINUTES,
  MONEY_MSG,
  RECOVERY_CODE_COUNT,
  SECURITY_MSG,
} from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { AppError, conflict, invalid } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { assertLoginAllowed, recordLoginFailure } from './login-limits';
import { sendSecurityMail } from './security-mail.service';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchTotpStep,
  newRecoveryCode,
  newTotpSecret,
} from './totp';
import { type SecurityRow, twoFactorRepo } from './two-factor.repo';

type Ctx = Pick<AppContext, 'db' | 'config' | 'now'>;

export const isTwoFactorOn = (row: SecurityRow | null): row is SecurityRow & { totpSecret: string } =>
  Boolean(row?.totpEnabledAt && row.totpSecret);

/** Checks the password like a login does (failures count toward the same limits): 422 on `password`. */
export async function assertPassword(
  ctx: Pick<AppContext, 'db' | 'now'>,
  user: UserRow,
  password: string,
  ip: string,
): Promise<void> {
  const accountKey = user.email.toLowerCase();
  await assertLoginAllowed(ctx.db, accountKey, ip, ctx.now());
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(ctx.db, accountKey, ip, ctx.now());
    throw invalid({ password: MONEY_MSG.incorrectPassword }, MONEY_MSG.incorrectPassword);
  }
}

/**
 * A code of a user with two-step verification on, inside the caller's transaction (which holds
 * the user lock): a 6-digit code of the current step ±1 not used before, or an unused recovery
 * code (when `recovery` allows it). Spends it when it matches.
 */
export async function useCode(
  ctx: Pick<AppContext, 'config' | 'now'>,
  tx: Tx,
  row: SecurityRow & { totpSecret: string },
  code: string,
  opts: { recovery: boolean } = { recovery: true },
): Promise<boolean> {
  const now = ctx.now();
  if (/^\d{6}$/.test(code)) {
    const step = matchTotpStep(decryptSecret(ctx.config.secret, row.totpSecret), code, now);
    return step !== null && (await twoFactorRepo.useStep(tx, row.userId, step));
  }
  if (opts.recovery && looksLikeRecoveryCode(code)) {
    return twoFactorRepo.useRecoveryCode(tx, row.userId, hashRecoveryCode(code), now);
  }
  return false;
}

/** Withdrawals pause until now + SECURITY_HOLD_HOURS (a later pause already set stays). */
export async function pauseWithdrawals(ctx: Ctx, tx: Tx, userId: string): Promise<void> {
  const until = new Date(ctx.now().getTime() + ctx.config.securityHoldHours * 3_600_000);
  const row = await twoFactorRepo.find(tx, userId);
  if (row?.withdrawalsPausedUntil && row.withdrawalsPausedUntil > until) return;
  await twoFactorRepo.upsert(tx, userId, { withdrawalsPausedUntil: until });
}

/** POST /user/2fa/setup: a new secret, not on until confirmed; replaces an unconfirmed one. */
export async function setupTwoFactor(ctx: Ctx, user: UserRow, password: string, ip: string) {
  await assertPassword(ctx, user, password, ip);
  const { secret, otpauthUrl } = newTotpSecret(user.email);
  await ctx.db.transaction(async (tx) => {
    await twoFactorRepo.lockUser(tx, user.id);
    if (isTwoFactorOn(await twoFactorRepo.find(tx, user.id))) throw conflict(SECURITY_MSG.alreadyOn);
    await twoFactorRepo.upsert(tx, user.id, {
      totpSecret: encryptSecret(ctx.config.secret, secret),
      totpEnabledAt: null,
      totpLastStep: null,
    });
  });
  return { secret, otpauthUrl };
}

/** POST /user/2fa/enable: the first code turns it on; answers the 10 recovery codes, once. */
export async function enableTwoFactor(ctx: Ctx, user: UserRow, code: string) {
  return ctx.db.transaction(async (tx) => {
    await twoFactorRepo.lockUser(tx, user.id);
    const row = await twoFactorRepo.find(tx, user.id);
    if (isTwoFactorOn(row)) throw conflict(SECURITY_MSG.alreadyOn);
    if (!row?.totpSecret) throw invalid({ code: SECURITY_MSG.noSetup }, SECURITY_MSG.noSetup);
    const step = matchTotpStep(decryptSecret(ctx.config.secret, row.totpSecret), code, ctx.now());
    if (step === null) throw invalid({ code: SECURITY_MSG.codeWrong }, SECURITY_MSG.codeWrong);
    await twoFactorRepo.upsert(tx, user.id, { totpEnabledAt: ctx.now(), totpLastStep: step });
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await twoFactorRepo.replaceRecoveryCodes(tx, user.id, recoveryCodes.map(hashRecoveryCode));
    await sendSecurityMail(tx, user, { kind: 'two-factor-on' }, ctx.config.appUrl);
    return { recoveryCodes };
  });
}

/** POST /user/2fa/disable: password and a code (or a recovery code); withdrawals then pause. */
export async function disableTwoFactor(ctx: Ctx, user: UserRow, input: { password: string; code: string }, ip: string) {
  await assertPassword(ctx, user, input.password, ip);
  await ctx.db.transaction(async (tx) => {
    await twoFactorRepo.lockUser(tx, user.id);
    const row = await twoFactorRepo.find(tx, user.id);
    if (!isTwoFactorOn(row)) throw conflict(SECURITY_MSG.notOn);
    if (!(await useCode(ctx, tx, row, input.code)))
      throw invalid({ code: SECURITY_MSG.codeWrong }, SECURITY_MSG.codeWrong);
    await twoFactorRepo.upsert(tx, user.id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    await twoFactorRepo.replaceRecoveryCodes(tx, user.id, []);
    await pauseWithdrawals(ctx, tx, user.id);
    await sendSecurityMail(tx, user, { kind: 'two-factor-off' }, ctx.config.appUrl);
  });
}

/** POST /auth/login of a user with two-step verification: a ticket for the code instead of a session. */
export async function loginTicketFor(
  ctx: Ctx,
  userId: string,
): Promise<{ twoFactorRequired: true; ticket: string } | null> {
  if (!isTwoFactorOn(await twoFactorRepo.find(ctx.db, userId))) return null;
  const ticket = newToken();
  await twoFactorRepo.insertTicket(ctx.db, {
    userId,
    tokenHash: hashToken(ticket),
    expiresAt: new Date(ctx.now().getTime() + LOGIN_TICKET_MINUTES * 60_000),
  });
  return { twoFactorRequired: true, ticket };
}

/**
 * POST /auth/login/2fa: a live ticket (5 minutes, fewer than 5 wrong codes, unused) and a code
 * prove the person; the route then starts the session as a login does (auth.service's
 * startSessionFor). A wrong code counts against the ticket (422 on `code`); a dead ticket is 401
 * whatever the code.
 */
export async function completeTwoFactorLogin(
  ctx: Ctx,
  input: { ticket: string; code: string },
): Promise<{ userId: string }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const t = await twoFactorRepo.lockTicket(tx, hashToken(input.ticket));
    const now = ctx.now();
    if (!t || t.usedAt || t.expiresAt <= now || t.failures >= LOGIN_TICKET_MAX_FAILURES) return 'dead' as const;
    await twoFactorRepo.lockUser(tx, t.userId);
    const row = await twoFactorRepo.find(tx, t.userId);
    if (!isTwoFactorOn(row)) return 'dead' as const;
    if (!(await useCode(ctx, tx, row, input.code))) {
      await twoFactorRepo.countTicketFailure(tx, t.id);
      return 'wrong' as const;
    }
    await twoFactorRepo.useTicket(tx, t.id, now);
    return { userId: t.userId };
  });
  if (outcome === 'dead') throw new AppError('UNAUTHENTICATED', SECURITY_MSG.ticketDead);
  if (outcome === 'wrong') throw invalid({ code: SECURITY_MSG.codeWrong }, SECURITY_MSG.codeWrong);
  return outcome;
}

/** The user row lock of DESIGN §14 (see twoFactorRepo.lockUser), for other modules' transactions. */
export const lockAccount = (tx: Tx, userId: string) => twoFactorRepo.lockUser(tx, userId);
export const securityRowOf = (exec: Executor, userId: string) => twoFactorRepo.find(exec, userId);
export const setWithdrawalAllowListOnly = (exec: Executor, userId: string, on: boolean) =>
  twoFactorRepo.upsert(exec, userId, { withdrawalAllowListOnly: on });
