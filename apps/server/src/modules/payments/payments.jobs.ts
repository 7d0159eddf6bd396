import { type JobRegistry, payloadField } from '../jobs';
import { expireDeposit } from './deposits.service';
import { payoutWithdrawal } from './withdrawals.service';

/** The payments module's job kinds (registered with the runner by the app). Handlers are idempotent. */
export const paymentsJobs: JobRegistry = {
  'withdrawal-payout': { run: (ctx, payload) => payoutWithdrawal(ctx, payloadField(payload, 'transactionId')) },
  'deposit-expire': { run: (ctx, payload) => expireDeposit(ctx, payloadField(payload, 'transactionId')) },
};
