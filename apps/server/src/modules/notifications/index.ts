/** The public face of the notifications module: other modules and the app import only what is exported here. */
export {
  notifyAccountReview,
  notifyApplicationReceived,
  notifyAutoReleased,
  notifyDisputeResolved,
  notifyInviteReceived,
  notifyTask,
  notifyTeamAdded,
  notifyTransaction,
} from './notifications.causes';
export { notificationsJobs } from './notifications.jobs';
export { NOTIFICATION_MAIL_JOB, scheduleMessageDigest } from './notifications.service';
export { notify } from './notifications.service';
