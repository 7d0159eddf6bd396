import type { LoginBody, SignUpBody } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, invalid } from '../../lib/errors';
import { getDummyHash, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { assertLoginAllowed, recordLoginFailure } from './login-limits';
import { KNOWN_BROWSER_DAYS, queueSecurityMail, securityMails } from './security-mail.service';
import { type SessionMeta, sessionsRepo } from './sessions.repo';
import { afterSignUp } from './sign-up-hooks';
import { loginTicketFor } from './two-factor.service';
import { usersRepo } from '../users';

export const INCORRECT_LOGIN = 'Incorrect email or password';
export const COMMON_PASSWORD = 'This password is too common. Choose another one.';
export const EMAIL_TAKEN = 'An account with this email already exists';

export async function findUserByEmail(ctx: Pick<AppContext, 'db'>, email: string) {
  return usersRepo.findByEmail(ctx.db, email);
}

export async function signUp(ctx: AppContext, input: Omit<SignUpBody, 'tos'> & { tos: true }, meta: SessionMeta) {
  if (isCommonPassword(input.password)) throw invalid({ password: COMMON_PASSWORD });
  if (await findUserByEmail(ctx, input.email)) throw invalid({ email: EMAIL_TAKEN });
  const passwordHash = await hashPassword(input.password);
  const { user, token } = await ctx.db.transaction(async (tx) => {
    const user = await usersRepo.insertIfNewEmail(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName ?? '',
      tos: true,
      type: input.type ?? 'Client',
    });
    if (!user) throw invalid({ email: EMAIL_TAKEN });
    const token = await sessionsRepo.create(tx, user.id, meta, ctx.now());
    return { user, token };
  });
  await afterSignUp(ctx, user);
  return { accessToken: token };
}

export async function login(ctx: AppContext, input: LoginBody, meta: SessionMeta & { ip: string }) {
  const accountKey = input.email.toLowerCase();
  const { ip } = meta;
  await assertLoginAllowed(ctx.db, accountKey, ip, ctx.now());
  const user = await findUserByEmail(ctx, accountKey);
  // Verify against a dummy hash when the account is unknown, so timing reveals nothing.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !ok) {
    await recordLoginFailure(ctx.db, accountKey, ip, ctx.now());
    throw new AppError('UNAUTHENTICATED', INCORRECT_LOGIN, { fields: { password: INCORRECT_LOGIN } });
  }
  // DESIGN §14: with two-step verification on, a ticket for the code instead of a session.
  const challenge = await loginTicketFor(ctx, user.id);
  if (challenge) return challenge;
  return { accessToken: await startSession(ctx, user, meta) };
}

/** startSession for a user known by id: the second step of a two-step sign-in. */
export async function startSessionFor(ctx: AppContext, userId: string, meta: SessionMeta): Promise<string> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', INCORRECT_LOGIN);
  return startSession(ctx, user, meta);
}

/**
 * Signs a person in once they proved who they are (a password; the second step where it is on):
 * a new session recording the browser, and the "new sign-in" security mail when this browser
 * (user agent) was not seen on the account in the last 90 days. Answers the session's token.
 */
export async function startSession(
  ctx: AppContext,
  user: { id: string; email: string; firstName: string; timezone?: string | null },
  meta: SessionMeta,
): Promise<string> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const since = new Date(now.getTime() - KNOWN_BROWSER_DAYS * 86_400_000);
    const known = await sessionsRepo.browserSeenSince(tx, user.id, meta.userAgent, since);
    const token = await sessionsRepo.create(tx, user.id, meta, now);
    if (!known) {
      await queueSecurityMail(tx, user, securityMails.newSignIn(user, { ...meta, at: now }), ctx.config.appUrl);
    }
    return token;
  });
}

export async function logout(ctx: Pick<AppContext, 'db' | 'now'>, sessionId: string) {
  await sessionsRepo.revoke(ctx.db, sessionId, ctx.now());
}

/** A new password's hash, after refusing a common one (422 on `field`). */
export async function hashNewPassword(password: string, field: string): Promise<string> {
  if (isCommonPassword(password)) throw invalid({ [field]: COMMON_PASSWORD });
  return hashPassword(password);
}

/**
 * The one way a stored password changes (the account form, a reset link), inside the caller's
 * transaction: the new hash is set and every session of the user ends but `keepSessionId` (the
 * account form's own session, DESIGN §14). A reset link also proves the address (`verifyEmail`).
 */
export async function replacePassword(
  tx: Executor,
  userId: string,
  passwordHash: string,
  opts: { verifyEmail?: boolean; keepSessionId?: string; now: Date },
): Promise<void> {
  await usersRepo.setPasswordHash(tx, userId, passwordHash, { verifyEmail: opts.verifyEmail });
  if (opts.keepSessionId) await sessionsRepo.revokeOthers(tx, userId, opts.keepSessionId, opts.now);
  else await sessionsRepo.revokeAllForUser(tx, userId, opts.now);
}
