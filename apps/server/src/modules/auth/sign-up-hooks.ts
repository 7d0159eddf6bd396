import type { AppContext } from '../../context';
import type { users } from '../../db/schema/index';

/**
 * Runs after a new account is committed (outside the transaction: it may send mail).
 * The accounts issue starts e-mail verification here.
 */
export async function afterSignUp(_ctx: AppContext, _user: typeof users.$inferSelect): Promise<void> {}
