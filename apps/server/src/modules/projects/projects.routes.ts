import {
  createProjectBody,
  idParams,
  idSchema,
  projectDetailsSchema,
  projectListQuery,
  projectListingPageSchema,
  projectListingSchema,
  projectSchema,
  projectUserSchema,
  projectWithUsersSchema,
  searchProjectsBody,
  updateProjectBody,
  text,
} from '@devmarket/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import type { ListKind } from './projects.repo';
import {
  createProject,
  deleteProject,
  getProject,
  getProjectDetails,
  listMembers,
  listProjects,
  loadVisibleProject,
  myProjects,
  ownedProjects,
  removeMember,
  searchProjects,
  updateProject,
} from './projects.service';
import { readContext } from '../../plugins/read-routing';

/** Projects: create, list, search, details, settings, members (spec §7 Projects). */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['projects'];
  const auth = { config: { auth: 'verified' } } as const;

  app.get(
    '/projects/my',
    {
      ...auth,
      schema: { tags, summary: "The user's projects (owner or member)", response: { 200: z.array(projectSchema) } },
    },
    async (req) => myProjects(app.ctx, currentUser(req).id),
  );

  app.get(
    '/projects/owned',
    { ...auth, schema: { tags, summary: 'Projects the user owns', response: { 200: z.array(projectSchema) } } },
    async (req) => ownedProjects(app.ctx, currentUser(req).id),
  );

  for (const kind of ['featured', 'public', 'verified'] as const satisfies ListKind[]) {
    app.get(
      `/projects/${kind}`,
      {
        schema: {
          tags,
          summary: `${kind[0].toUpperCase()}${kind.slice(1)} public projects, one page (optional tag filter)`,
          querystring: projectListQuery,
          response: { 200: projectListingPageSchema },
        },
        config: { auth: 'none', reads: 'replica' },
      },
      async (req) => listProjects(readContext(req), kind, req.query),
    );
  }

  app.post(
    '/projects/search',
    {
      schema: {
        tags,
        summary: 'Full-text search of public projects (name, company, description, tags)',
        body: searchProjectsBody,
        response: { 200: z.array(projectListingSchema) },
      },
      config: { auth: 'none', reads: 'replica' },
    },
    async (req) => searchProjects(readContext(req), req.body),
  );

  app.post(
    '/projects',
    {
      ...auth,
      schema: { tags, summary: 'Create a project', body: createProjectBody, response: { 200: projectSchema } },
    },
    async (req) => createProject(app.ctx, currentUser(req), req.body),
  );

  app.get(
    '/projects/id/:id',
    {
      schema: {
        tags,
        summary: 'A project by id, with its members',
        params: idParams,
        response: { 200: projectWithUsersSchema },
      },
      config: { auth: 'optional' },
    },
    async (req) => getProject(app.ctx, { id: req.params.id }, req.user),
  );

  app.get(
    '/projects/:id/details',
    {
      schema: {
        tags,
        summary: 'What the details page shows ({id} may be the handle)',
        params: z.object({ id: text().min(1).max(200) }),
        response: { 200: projectDetailsSchema },
      },
      config: { auth: 'optional' },
    },
    async (req) => getProjectDetails(app.ctx, req.params.id, req.user),
  );

  app.get(
    '/projects/:id/users',
    {
      schema: { tags, summary: 'The team', params: idParams, response: { 200: z.array(projectUserSchema) } },
      config: { auth: 'optional' },
    },
    async (req) => {
      const { project } = await loadVisibleProject(app.db, { id: req.params.id }, req.user);
      return listMembers(app.db, project.id);
    },
  );

  app.delete(
    '/projects/:id/users/:userId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Remove an Admin member (owner only)',
        params: z.object({ id: idSchema, userId: idSchema }),
        response: { 200: z.array(projectUserSchema) },
      },
    },
    async (req) => removeMember(app.ctx, currentUser(req), req.params.id, req.params.userId),
  );

  app.post(
    '/projects/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Update the settings (owner only; the handle never changes)',
        params: idParams,
        body: updateProjectBody,
        response: { 200: projectWithUsersSchema },
      },
    },
    async (req) => updateProject(app.ctx, currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/projects/:id',
    {
      ...auth,
      schema: { tags, summary: 'Delete a project (owner only)', params: idParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await deleteProject(app.ctx, currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Last: a handle is any other single segment under /projects.
  app.get(
    '/projects/:handle',
    {
      schema: {
        tags,
        summary: 'A project by handle, with its members',
        params: z.object({ handle: text().min(1).max(200) }),
        response: { 200: projectWithUsersSchema },
      },
      config: { auth: 'optional' },
    },
    async (req) => getProject(app.ctx, { handle: req.params.handle }, req.user),
  );
};
