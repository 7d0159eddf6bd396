import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { toProject } from '../projects';
import { projectsRepo } from '../projects';

/** Staff verify and feature projects (DESIGN §4): the console's list and the two switches. */
export async function listAllProjects(ctx: AppContext, page: number, query?: string) {
  const { rows, pages } = await projectsRepo.adminPage(ctx.db, page, query);
  return { projects: rows.map(toProject), pages };
}

export async function setProjectVerified(ctx: AppContext, id: string, verified: boolean) {
  const row = await projectsRepo.update(ctx.db, id, { verifiedAt: verified ? new Date() : null });
  if (!row) throw notFound('Project not found');
  return toProject(row);
}

export async function setProjectFeatured(ctx: AppContext, id: string, featured: boolean) {
  const row = await projectsRepo.update(ctx.db, id, { featuredAt: featured ? new Date() : null });
  if (!row) throw notFound('Project not found');
  return toProject(row);
}
