/** The public face of the reviews module: other modules and the app import only what is exported here. */
export { reviewsRepo, type ClientStandingRow } from './reviews.repo';
