/** The public face of the tasks module: other modules and the app import only what is exported here. */
export { getDispute, listDisputes } from './disputes.service';
export { assertMember, loadProjectAccess } from './task-access';
export { resolveDispute } from './task-escrow.service';
export { tasksJobs } from './tasks.jobs';
export { loadTaskAccess, lockProjectTasks, openAssignments } from './tasks.service';
