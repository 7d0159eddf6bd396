import { z } from 'zod';
import { isoDate, tagSchema, text } from './common';

/** DESIGN §11: a review of the other party of a paid task. */
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_TAGS_MAX = 3;
export const REVIEWS_PAGE_SIZE = 20;

export const REVIEW_MSG = {
  notParty: 'Only the project owner and the assignee can review this task',
  selfFunded: 'You cannot review your own work',
  notPaid: 'This task can be reviewed once it is paid',
  windowClosed: 'The review window for this task has closed',
  alreadyReviewed: 'You have already reviewed this task',
  /** DESIGN §19: below MIN_REPUTATION_PRICE, or the assignee is not an approved developer. */
  notEarned: 'Reviews are for paid work by an approved developer',
  tagsOnlyForDeveloper: 'Only the project owner can endorse the developer with tags',
  tagNotOnProject: (tag: string) => `${tag} is not one of this project's tags`,
  rating: 'Choose a rating from 1 to 5',
  tooManyTags: `Choose at most ${REVIEW_TAGS_MAX} tags`,
} as const;

export const createReviewBody = z.object({
  rating: z.coerce
    .number({ error: REVIEW_MSG.rating })
    .int(REVIEW_MSG.rating)
    .min(1, REVIEW_MSG.rating)
    .max(5, REVIEW_MSG.rating),
  text: text().trim().max(REVIEW_TEXT_MAX, `Must be at most ${REVIEW_TEXT_MAX} characters`).default(''),
  tags: z.array(tagSchema).max(REVIEW_TAGS_MAX, REVIEW_MSG.tooManyTags).default([]),
});
export type CreateReviewBody = z.input<typeof createReviewBody>;
export type CreateReviewInput = z.output<typeof createReviewBody>;

/** `average` to one decimal; null while nothing is shown. */
export const ratingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type Rating = z.infer<typeof ratingSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  tags: z.array(z.string()),
  reviewer: z.object({ firstName: z.string(), lastName: z.string(), username: z.string().nullable() }),
  project: z.object({ name: z.string(), handle: z.string() }),
  createdAt: isoDate,
});
export type Review = z.infer<typeof reviewSchema>;

export const userReviewsSchema = ratingSchema.extend({ reviews: z.array(reviewSchema) });
export type UserReviews = z.infer<typeof userReviewsSchema>;

/**
 * GET /tasks/{id}/review: what the caller may do about reviewing this task. `mine` is the caller's
 * own review (always visible to its author); `theirs` the other side's once shown.
 */
export const taskReviewStateSchema = z.object({
  canReview: z.boolean(),
  /** Why not, when canReview is false and the caller is a party (e.g. not paid yet). */
  reason: z.string().nullable(),
  /** Until when a review can be written (paid + FEEDBACK_WINDOW_DAYS), null before payment. */
  closesAt: isoDate.nullable(),
  /** The person the caller would review. */
  subject: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** Tags the caller may attach (the project's tags when the owner reviews the developer). */
  allowedTags: z.array(z.string()),
  mine: reviewSchema.nullable(),
  theirs: reviewSchema.nullable(),
});
export type TaskReviewState = z.infer<typeof taskReviewStateSchema>;
