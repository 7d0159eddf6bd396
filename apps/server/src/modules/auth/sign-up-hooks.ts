import type { UserRow } from '../../db/schema/index';
import type { AppContext } from '../../context';
import { sendVerification } from './verification.service';

/**
 * Runs after a new account is committed (outside the transaction: it may send mail).
 * Starts e-mail verification: the code and link go out at once.
 */
export async function afterSignUp(ctx: AppContext, user: UserRow): Promise<void> {
  try {
    await sendVerification(ctx, user);
  } catch (err) {
    // The account exists; the user can ask for another mail from onboarding.
    ctx.log.error({ err, userId: user.id }, 'verification mail failed');
  }
}
