/** The public face of the realtime module: other modules and the app import only what is exported here. */
export { createEventBus, publishAfterCommit, publishInTransaction, type EventBus } from './event-bus';
