/** The public face of the tasks module: other modules and the app import only what is exported here. */
export { assertMember, loadProjectAccess } from './task-access';
export { tasksJobs } from './tasks.jobs';
export { loadTaskAccess, lockProjectTasks, openAssignments } from './tasks.service';
// For the disputes module (DESIGN §1: disputes stands above tasks and changes a task in its own transaction).
export { lockTaskForChange, publishAndRead } from './task-steps';
// For the demo seed: a seeded task in Review is released at its deadline like any other.
export { scheduleAutoRelease } from './task-steps';
export { getTask } from './tasks.service';
export { tasksRepo } from './tasks.repo';
