/** The public face of the mail module: other modules and the app import only what is exported here. */
export { mailJobs } from './mail.jobs';
export { mailRepo } from './mail.repo';
export {
  createMailer,
  logMail,
  queueMail,
  renderMail,
  type Mail,
  type Mailer,
} from './mail.service';
