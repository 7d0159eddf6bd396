import { createJobRegistry } from './modules/jobs';
import { mailJobs } from './modules/mail';
import { notificationsJobs } from './modules/notifications';
import { paymentsJobs } from './modules/payments';
import { solvencyJobs } from './modules/solvency';
import { tasksJobs } from './modules/tasks';
import { webhooksJobs } from './modules/webhooks';

/** Every job kind the runner knows, as the owning modules register them. */
export const jobHandlers = createJobRegistry(
  mailJobs,
  notificationsJobs,
  paymentsJobs,
  tasksJobs,
  webhooksJobs,
  solvencyJobs,
);
