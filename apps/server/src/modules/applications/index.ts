/** The public face of the applications module: other modules and the app import only what is exported here. */
export { applicationsRepo } from './applications.repo';
