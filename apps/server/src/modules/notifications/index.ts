/** The public face of the notifications module: other modules and the app import only what is exported here. */
export {
  notifyAccountReview,
  notifyApplicationReceived,
  notifyInviteReceived,
  notifyTask,
  notifyTeamAdded,
  notifyTransaction,
} from './notifications.causes';
export { notificationsJobs } from './notifications.jobs';
export { scheduleMessageDigest } from './notifications.service';
