import { applicationSchema, applyBody, hasAppliedResponse, idParams, idSchema, okSchema } from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { apply, hasApplied, ignoreApplication, listApplicants } from './applications.service';

/** Applications: apply, has-applied, applicants, ignore (spec §7 Applications). */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['applications'];
  const auth = { config: { auth: 'verified' } } as const;

  app.post(
    '/applications/project/:id/apply',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Apply with a message (once; 409 code 10424 after that)',
        params: idParams,
        body: applyBody,
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (req) => apply(app.ctx, currentUser(req), req.params.id, req.body.message),
  );

  app.get(
    '/applications/project/:id/has-applied',
    {
      ...auth,
      schema: { tags, summary: 'Whether the user applied', params: idParams, response: { 200: hasAppliedResponse } },
    },
    async (req) => hasApplied(app.ctx, currentUser(req), req.params.id),
  );

  app.get(
    '/project/:id/applicants',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Pending applicants (owner only)',
        params: idParams,
        response: { 200: z.array(applicationSchema) },
      },
    },
    async (req) => listApplicants(app.ctx, currentUser(req), req.params.id),
  );

  app.post(
    '/applications/:projectID/:applicationID/ignore',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Ignore an applicant (owner only)',
        params: z.object({ projectID: idSchema, applicationID: idSchema }),
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await ignoreApplication(app.ctx, currentUser(req), req.params.projectID, req.params.applicationID);
      return { ok: true as const };
    },
  );
};
