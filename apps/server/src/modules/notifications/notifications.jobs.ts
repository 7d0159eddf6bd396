import { emailCategorySchema } from '@devmarket/contract';
import { type JobRegistry, payloadField } from '../jobs';
import {
  MESSAGE_DIGEST_JOB,
  NOTIFICATION_MAIL_JOB,
  sendMessageDigest,
  sendNotificationMail,
} from './notifications.service';

/** The notifications module's job kinds (registered with the runner by the app). */
export const notificationsJobs: JobRegistry = {
  [NOTIFICATION_MAIL_JOB]: {
    run: (ctx, payload) =>
      sendNotificationMail(ctx, payloadField(payload, 'userId'), emailCategorySchema.parse(payload.category)),
  },
  [MESSAGE_DIGEST_JOB]: {
    run: (ctx, payload, run) =>
      sendMessageDigest(ctx, payloadField(payload, 'userId'), payloadField(payload, 'cutoff'), run.at),
  },
};
