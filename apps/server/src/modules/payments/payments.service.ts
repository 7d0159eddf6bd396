import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { receiveDeposit } from './deposits.service';
import { settleWithdrawalFromProvider } from './withdrawals.service';
import { getProvider } from './providers';
import { webhookEventsRepo } from './webhook-events.repo';

/**
 * A provider callback: verified by its HMAC signature, then processed exactly once. The event id
 * is recorded in the same database transaction as its effect, so a replay (or a retry after a
 * crash that lost the effect) is decided by one unique index.
 */
export async function handleWebhook(
  ctx: AppContext,
  providerName: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<void> {
  const provider = getProvider(ctx, providerName);
  if (!provider) throw notFound('Unknown payment provider');
  const event = provider.verifyWebhook(rawBody, headers);
  if (!event) throw new AppError('UNAUTHENTICATED', 'Invalid webhook signature or payload');
  await ctx.db.transaction(async (tx) => {
    const fresh = await webhookEventsRepo.recordOnce(tx, provider.name, event.id);
    if (!fresh) throw conflict('This event was already processed');
    if (event.type === 'deposit.received') await receiveDeposit(tx, event.reference, event.amount, event.final);
    else if (event.type === 'payout.completed') {
      await settleWithdrawalFromProvider(tx, event.reference, { ok: true, ref: `${provider.name}:${event.id}` });
    } else await settleWithdrawalFromProvider(tx, event.reference, { ok: false, reason: event.reason });
  });
}
