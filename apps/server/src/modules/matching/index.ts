/** The matching module's face (DESIGN §17): other modules import only this file. */
export { matchingRoutes } from './matching.routes';
export { notifyMatchedDevelopers, recommendedProjects, recommendedTalent } from './matching.service';
