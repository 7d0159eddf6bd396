import { emailCategorySchema } from '@devmarket/contract';
import { expireDeposit } from '../ledger/deposits.service';
import { payoutWithdrawal } from '../ledger/withdrawals.service';
import { autoRelease, autoReleaseNotice } from '../tasks/task-review';
import { deliverQueuedMail, MAIL_JOB } from '../mail/mail.service';
import {
  MESSAGE_DIGEST_JOB,
  NOTIFICATION_MAIL_JOB,
  sendMessageDigest,
  sendNotificationMail,
} from '../notifications/notifications.service';
import type { JobHandler } from './jobs.runner';

const field = (payload: Record<string, unknown>, name: string) => {
  const v = payload[name];
  if (typeof v !== 'string') throw new Error(`job payload without ${name}`);
  return v;
};

const transactionId = (payload: Record<string, unknown>) => {
  const id = payload.transactionId;
  if (typeof id !== 'string') throw new Error('job payload without transactionId');
  return id;
};

/** Every job kind the runner knows. Handlers are idempotent: a rerun after a crash is harmless. */
export const jobHandlers: Record<string, JobHandler> = {
  'withdrawal-payout': (ctx, payload) => payoutWithdrawal(ctx, transactionId(payload)),
  'deposit-expire': (ctx, payload) => expireDeposit(ctx, transactionId(payload)),
  'task-auto-release': autoRelease,
  'task-auto-release-notice': autoReleaseNotice,
  [MAIL_JOB]: deliverQueuedMail,
  [NOTIFICATION_MAIL_JOB]: (ctx, payload, run) =>
    sendNotificationMail(
      ctx,
      field(payload, 'userId'),
      emailCategorySchema.parse(payload.category),
      run.at,
      typeof payload.notificationId === 'string' ? payload.notificationId : undefined,
    ),
  [MESSAGE_DIGEST_JOB]: (ctx, payload, run) =>
    sendMessageDigest(ctx, field(payload, 'userId'), field(payload, 'cutoff'), run.at),
};
