import {
  adminProjectsQuery,
  idParams,
  projectListSchema,
  projectSchema,
  setFeaturedBody,
  setVerifiedBody,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { listAllProjects, setProjectFeatured, setProjectVerified } from './admin-projects.service';

/** Staff verify and feature projects (DESIGN §4): the list for the console and the two switches. */
export const adminProjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/admin/projects',
    {
      schema: {
        tags,
        summary: 'Every project (public and private), newest first, optionally by name, handle or company',
        querystring: adminProjectsQuery,
        response: { 200: projectListSchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => listAllProjects(app.ctx, req.query.page, req.query.query),
  );

  app.post(
    '/admin/projects/:id/verify',
    {
      schema: {
        tags,
        summary: 'Mark a project verified (or not, with {"verified": false})',
        params: idParams,
        body: setVerifiedBody.nullish(),
        response: { 200: projectSchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => setProjectVerified(app.ctx, currentUser(req), req.params.id, req.body?.verified ?? true),
  );

  app.post(
    '/admin/projects/:id/feature',
    {
      schema: {
        tags,
        summary: 'Feature a project (or stop, with {"featured": false})',
        params: idParams,
        body: setFeaturedBody.nullish(),
        response: { 200: projectSchema },
      },
      config: { auth: 'staff' },
    },
    async (req) => setProjectFeatured(app.ctx, currentUser(req), req.params.id, req.body?.featured ?? true),
  );
};
