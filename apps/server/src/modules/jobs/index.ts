/** The public face of the jobs module (durable jobs and their runner): other modules import only this. */
export { enqueueJob, releaseDedupeKey } from './jobs.repo';
export { createJobRegistry, type JobKind, type JobRegistry, payloadField } from './jobs.registry';
export { createJobRunner, type JobHandler, runDueJobs } from './jobs.runner';
