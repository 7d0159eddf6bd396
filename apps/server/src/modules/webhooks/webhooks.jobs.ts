import type { JobRegistry } from '../jobs';
import { deliverWebhook, WEBHOOK_JOB, WEBHOOK_RETRY_SECONDS } from './webhooks.service';

/** The webhooks module's job kind: one delivery, retried 1 min, 5 min, 30 min, 2 h, 6 h later, then failed. */
export const webhooksJobs: JobRegistry = {
  [WEBHOOK_JOB]: { run: deliverWebhook, retrySeconds: WEBHOOK_RETRY_SECONDS },
};
