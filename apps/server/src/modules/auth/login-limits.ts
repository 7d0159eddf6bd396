import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { authFailuresRepo } from './auth-failures.repo';

// DESIGN §4: 10 failures for one account from one address in 15 minutes block that pair until
// the window passes; 100 failures an hour per account from all addresses block the account for
// the hour. The owner is never locked out for good: both windows slide.
const PAIR_LIMIT = 10;
const PAIR_WINDOW_MS = 15 * 60_000;
const ACCOUNT_LIMIT = 100;
const ACCOUNT_WINDOW_MS = 60 * 60_000;

/** `at`: the application's clock (ctx.now()). */
export async function assertLoginAllowed(exec: Executor, accountKey: string, ip: string, at: Date): Promise<void> {
  const now = at.getTime();
  const pair = await authFailuresRepo.countSince(exec, { accountKey, ip, since: new Date(now - PAIR_WINDOW_MS) });
  if (pair >= PAIR_LIMIT) {
    throw new AppError('RATE_LIMITED', 'Too many failed attempts. Try again in 15 minutes.', {
      retryAfterSeconds: PAIR_WINDOW_MS / 1000,
    });
  }
  const account = await authFailuresRepo.countSince(exec, { accountKey, since: new Date(now - ACCOUNT_WINDOW_MS) });
  if (account >= ACCOUNT_LIMIT) {
    throw new AppError('RATE_LIMITED', 'Too many failed attempts for this account. Try again later.', {
      retryAfterSeconds: ACCOUNT_WINDOW_MS / 1000,
    });
  }
}

export async function recordLoginFailure(exec: Executor, accountKey: string, ip: string, at: Date): Promise<void> {
  await authFailuresRepo.insert(exec, accountKey, ip, at);
  // Old rows only matter for an hour; trim opportunistically.
  await authFailuresRepo.deleteOlderThan(exec, new Date(at.getTime() - 2 * ACCOUNT_WINDOW_MS));
}
