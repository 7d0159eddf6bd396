import { MAIL_JOB, MAIL_RETRY_SECONDS } from '../mail/mail.service';
import { WEBHOOK_JOB, WEBHOOK_RETRY_SECONDS } from '../webhooks/index';

/** Kinds with their own retry delays; the others back off exponentially (jobs.repo markJobFailed). */
export const jobRetrySeconds: Record<string, number[]> = {
  [MAIL_JOB]: MAIL_RETRY_SECONDS,
  // DESIGN §16: 1 min, 5 min, 30 min, 2 h, 6 h, then failed.
  [WEBHOOK_JOB]: WEBHOOK_RETRY_SECONDS,
};
