import { AUTH_MSG, type UpdatePasswordBody } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/index';
import { invalid } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { hashNewPassword, replacePassword } from './auth.service';
import { assertLoginAllowed, recordLoginFailure } from './login-limits';
import { sendSecurityMail } from './security-mail.service';

/**
 * POST /user/update-password: checks the current password (wrong tries count like failed logins),
 * ends every other session (DESIGN §14) and answers this session's own token, unchanged.
 */
export async function updatePassword(
  ctx: AppContext,
  user: UserRow,
  input: UpdatePasswordBody,
  ip: string,
  session: { id: string; token: string },
): Promise<{ accessToken: string }> {
  const accountKey = user.email.toLowerCase();
  await assertLoginAllowed(ctx.db, accountKey, ip, ctx.now());
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordLoginFailure(ctx.db, accountKey, ip, ctx.now());
    throw invalid({ password: AUTH_MSG.currentPasswordWrong }, AUTH_MSG.currentPasswordWrong);
  }
  const passwordHash = await hashNewPassword(input.newPassword, 'newPassword');
  if (input.newPassword === input.password) {
    throw invalid({ newPassword: 'Choose a password different from the current one' });
  }
  await ctx.db.transaction(async (tx) => {
    await replacePassword(tx, user.id, passwordHash, { keepSessionId: session.id, now: ctx.now() });
    await sendSecurityMail(tx, user, { kind: 'password-changed' }, ctx.config.appUrl);
  });
  return { accessToken: session.token };
}
