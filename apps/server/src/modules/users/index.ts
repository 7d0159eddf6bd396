/** The public face of the users module: other modules and the app import only what is exported here. */
export { imageUrl, toPublicUser } from './users.mapper';
export { usersRepo } from './users.repo';
export { isVerified } from './users.policy';
export {
  earnedReview,
  earnedReviewOfApprovedSql,
  earnedReviewSql,
  reputationRepo,
  type UserReputation,
} from './reputation.repo';
export { publicUsersByIds, tagsOfUser } from './users.service';
