import type { LoginBody, SignUpBody } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, invalid } from '../../lib/errors';
import { getDummyHash, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { assertLoginAllowed, recordLoginFailure } from './login-limits';
import { sessionsRepo } from './sessions.repo';
import { afterSignUp } from './sign-up-hooks';
import { usersRepo } from '../users';

export const INCORRECT_LOGIN = 'Incorrect email or password';
export const COMMON_PASSWORD = 'This password is too common. Choose another one.';
export const EMAIL_TAKEN = 'An account with this email already exists';

export async function findUserByEmail(ctx: Pick<AppContext, 'db'>, email: string) {
  return usersRepo.findByEmail(ctx.db, email);
}

export async function signUp(ctx: AppContext, input: Omit<SignUpBody, 'tos'> & { tos: true }) {
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
    const token = await sessionsRepo.create(tx, user.id);
    return { user, token };
  });
  await afterSignUp(ctx, user);
  return { accessToken: token };
}

export async function login(ctx: AppContext, input: LoginBody, ip: string) {
  const accountKey = input.email.toLowerCase();
  await assertLoginAllowed(ctx.db, accountKey, ip);
  const user = await findUserByEmail(ctx, accountKey);
  // Verify against a dummy hash when the account is unknown, so timing reveals nothing.
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !ok) {
    await recordLoginFailure(ctx.db, accountKey, ip);
    throw new AppError('UNAUTHENTICATED', INCORRECT_LOGIN, { fields: { password: INCORRECT_LOGIN } });
  }
  return { accessToken: await sessionsRepo.create(ctx.db, user.id) };
}

export async function logout(ctx: Pick<AppContext, 'db'>, sessionId: string) {
  await sessionsRepo.revoke(ctx.db, sessionId);
}

/** A new password's hash, after refusing a common one (422 on `field`). */
export async function hashNewPassword(password: string, field: string): Promise<string> {
  if (isCommonPassword(password)) throw invalid({ [field]: COMMON_PASSWORD });
  return hashPassword(password);
}

/**
 * The one way a stored password changes (the account form, a reset link), inside the caller's
 * transaction: the new hash is set and every session of the user ends. A reset link also proves
 * the address (`verifyEmail`).
 */
export async function replacePassword(
  tx: Executor,
  userId: string,
  passwordHash: string,
  opts: { verifyEmail?: boolean } = {},
): Promise<void> {
  await usersRepo.setPasswordHash(tx, userId, passwordHash, opts);
  await sessionsRepo.revokeAllForUser(tx, userId);
}
