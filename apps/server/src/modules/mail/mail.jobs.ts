import type { JobRegistry } from '../jobs';
import { deliverQueuedMail, MAIL_JOB, MAIL_RETRY_SECONDS } from './mail.service';

/** The mail module's job kinds (registered with the runner by the app). */
export const mailJobs: JobRegistry = {
  [MAIL_JOB]: { run: deliverQueuedMail, retrySeconds: MAIL_RETRY_SECONDS },
};
