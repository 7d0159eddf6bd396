import { MAIL_JOB, MAIL_RETRY_SECONDS } from '../mail/mail.service';

/** Kinds with their own retry delays; the others back off exponentially (jobs.repo markJobFailed). */
export const jobRetrySeconds: Record<string, number[]> = {
  [MAIL_JOB]: MAIL_RETRY_SECONDS,
};
