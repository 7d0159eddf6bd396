import {
  createReviewBody,
  errorBodySchema,
  idParams,
  reviewSchema,
  taskReviewStateSchema,
  userReviewsSchema,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { createReview, getTaskReviewState, listUserReviews } from './reviews.service';
import { readContext } from '../../plugins/read-routing';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Reviews after paid work (DESIGN §11). */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reviews'];

  app.post(
    '/tasks/:id/review',
    {
      schema: {
        tags,
        summary: 'Review the other party of a paid task (once each, within FEEDBACK_WINDOW_DAYS)',
        params: idParams,
        body: createReviewBody,
        response: { 200: reviewSchema, ...errors },
      },
      config: { auth: 'verified' },
    },
    async (req) => createReview(app.ctx, currentUser(req), req.params.id, req.body),
  );

  app.get(
    '/tasks/:id/review',
    {
      schema: {
        tags,
        summary: "Whether the caller may review this task, their review and the other side's once shown",
        params: idParams,
        response: { 200: taskReviewStateSchema, ...errors },
      },
      config: { auth: 'verified' },
    },
    async (req) => getTaskReviewState(app.ctx, currentUser(req), req.params.id),
  );

  app.get(
    '/users/:id/reviews',
    {
      schema: {
        tags,
        summary: "A user's shown reviews with their average and count",
        params: idParams,
        response: { 200: userReviewsSchema, 404: errorBodySchema },
      },
      config: { auth: 'none', reads: 'replica' },
    },
    async (req) => listUserReviews(readContext(req), req.params.id),
  );
};
