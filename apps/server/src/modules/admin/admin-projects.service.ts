import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { type AuditActor, appendAudit } from '../audit';
import { toProject } from '../projects';
import { projectsRepo } from '../projects';

/** Staff verify and feature projects (DESIGN §4): the console's list and the two switches. */
export async function listAllProjects(ctx: AppContext, page: number, query?: string) {
  const { rows, pages } = await projectsRepo.adminPage(ctx.db, page, query);
  return { projects: rows.map(toProject), pages };
}

export async function setProjectVerified(ctx: AppContext, staff: AuditActor, id: string, verified: boolean) {
  const row = await ctx.db.transaction(async (tx) => {
    const row = await projectsRepo.update(tx, id, { verifiedAt: verified ? ctx.now() : null });
    if (!row) throw notFound('Project not found');
    await appendAudit(tx, {
      actor: staff,
      action: 'project.verify',
      target: { type: 'project', id },
      detail: { verified },
    });
    return row;
  });
  return toProject(row);
}

export async function setProjectFeatured(ctx: AppContext, staff: AuditActor, id: string, featured: boolean) {
  const row = await ctx.db.transaction(async (tx) => {
    const row = await projectsRepo.update(tx, id, { featuredAt: featured ? ctx.now() : null });
    if (!row) throw notFound('Project not found');
    await appendAudit(tx, {
      actor: staff,
      action: 'project.feature',
      target: { type: 'project', id },
      detail: { featured },
    });
    return row;
  });
  return toProject(row);
}
