/** Project webhooks (DESIGN §16): the public face of the module. */
export { webhooksRoutes } from './webhooks.routes';
export {
  deliverWebhook,
  queueWebhookEvent,
  signDelivery,
  WEBHOOK_JOB,
  WEBHOOK_RETRY_SECONDS,
} from './webhooks.service';
export { webhooksJobs } from './webhooks.jobs';
export { isPrivateAddress, resolveWebhookTarget } from './url-guard';
