import {
  adminProjectsQuery,
  idParams,
  projectListSchema,
  projectSchema,
  PROJECTS_PAGE_SIZE,
  setFeaturedBody,
  setVerifiedBody,
} from '@devmarket/contract';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projects } from '../../db/schema/index';
import { notFound } from '../../lib/errors';

import { toProject } from '../projects/projects.mapper';

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
    async (req) => {
      const q = req.query.query?.replace(/[\\%_]/g, (c) => `\\${c}`);
      const where = q
        ? or(ilike(projects.name, `%${q}%`), ilike(projects.handle, `%${q}%`), ilike(projects.company, `%${q}%`))
        : undefined;
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(projects)
          .where(where)
          .orderBy(desc(projects.createdAt), desc(projects.id))
          .limit(PROJECTS_PAGE_SIZE)
          .offset((req.query.page - 1) * PROJECTS_PAGE_SIZE),
        app.db.select({ total: count() }).from(projects).where(where),
      ]);
      return { projects: rows.map(toProject), pages: Math.max(1, Math.ceil(Number(total) / PROJECTS_PAGE_SIZE)) };
    },
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
    async (req) => {
      const verified = req.body?.verified ?? true;
      const [row] = await app.db
        .update(projects)
        .set({ verifiedAt: verified ? new Date() : null })
        .where(eq(projects.id, req.params.id))
        .returning();
      if (!row) throw notFound('Project not found');
      return toProject(row);
    },
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
    async (req) => {
      const featured = req.body?.featured ?? true;
      const [row] = await app.db
        .update(projects)
        .set({ featuredAt: featured ? new Date() : null })
        .where(eq(projects.id, req.params.id))
        .returning();
      if (!row) throw notFound('Project not found');
      return toProject(row);
    },
  );
};
