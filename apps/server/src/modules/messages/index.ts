/** The public face of the messages module: other modules and the app import only what is exported here. */
export { messagesBetween } from './messages.service';
export { threadsRepo } from './threads.repo';
