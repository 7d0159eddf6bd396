import { createJobRegistry } from './modules/jobs';
import { mailJobs } from './modules/mail';
import { notificationsJobs } from './modules/notifications';
import { paymentsJobs } from './modules/payments';
import { tasksJobs } from './modules/tasks';

/** Every job kind the runner knows, as the owning modules register them. */
export const jobHandlers = createJobRegistry(mailJobs, notificationsJobs, paymentsJobs, tasksJobs);
