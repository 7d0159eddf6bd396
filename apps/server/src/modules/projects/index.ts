/** The public face of the projects module: other modules and the app import only what is exported here. */
export { generatedImage, keyOf, shortDescriptionOf, slugify, toMemberUser, toProject } from './projects.mapper';
export { projectsRepo } from './projects.repo';
export { loadOwnedProject, loadVisibleProject } from './projects.service';
