import type { JobRegistry } from '../jobs';
import { autoRelease, autoReleaseNotice } from './task-review';

/** The tasks module's job kinds (registered with the runner by the app). */
export const tasksJobs: JobRegistry = {
  'task-auto-release': { run: autoRelease },
  'task-auto-release-notice': { run: autoReleaseNotice },
};
