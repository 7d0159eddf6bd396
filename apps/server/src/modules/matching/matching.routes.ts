import {
  errorBodySchema,
  idParams,
  recommendationsQuery,
  recommendedProjectListSchema,
  recommendedTalentListSchema,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { onProjectCreated } from '../projects/index';
import { notifyMatchedDevelopers, recommendedProjects, recommendedTalent } from './matching.service';

/** DESIGN §17: recommended talent for a project, recommended projects for a developer. */
export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['matching'];
  const auth = { config: { auth: 'verified' } } as const;
  onProjectCreated(notifyMatchedDevelopers);

  app.get(
    '/projects/:id/recommended-talent',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Approved developers matching the project’s tags, not on it, not invited, not applied (owner only); best first',
        params: idParams,
        querystring: recommendationsQuery,
        response: { 200: recommendedTalentListSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (req) => recommendedTalent(app.ctx, currentUser(req), req.params.id, req.query.limit),
  );

  app.get(
    '/projects/recommended',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Public projects matching the developer’s tags that they neither own, belong to nor applied to',
        querystring: recommendationsQuery,
        response: { 200: recommendedProjectListSchema, 403: errorBodySchema },
      },
    },
    async (req) => recommendedProjects(app.ctx, currentUser(req), req.query.limit),
  );
};
