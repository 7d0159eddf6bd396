import type {
  ClientStanding,
  ProjectListing,
  ProjectSort,
  CreateProjectBody,
  OwnedProject,
  Project,
  ProjectDetails,
  ProjectUser,
  ProjectWithUsers,
  UpdateProjectBody,
} from '@devmarket/contract';
import { formatMoney, PROJECT_MSG } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { escrowRepo } from '../ledger';
import { type ClientStandingRow, reviewsRepo } from '../reviews';
import { lockProjectTasks, openAssignments } from '../tasks';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import {
  generatedImage,
  keyOf,
  normaliseTags,
  shortDescriptionOf,
  slugify,
  toListing,
  toMemberUser,
  toProject,
} from './projects.mapper';
import { runProjectCreated } from './projects.events';
import { type ListKind, type ProjectRow, projectsRepo } from './projects.repo';

export type Viewer = Pick<AuthUser, 'id' | 'isStaff' | 'type'> | null;
export type Access = { project: ProjectRow; role: 'Owner' | 'Admin' | null; isOwner: boolean };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const projectNotFound = () => notFound('Project not found');

/**
 * Loads a project the viewer may see (DESIGN §4): a public one for anyone; a private one for its
 * members, a user it invited, and staff. Everyone else gets 404, as if it did not exist.
 */
export async function loadVisibleProject(exec: Executor, ref: { id: string } | { handle: string }, viewer: Viewer) {
  const project =
    'id' in ref
      ? UUID_RE.test(ref.id)
        ? await projectsRepo.findById(exec, ref.id)
        : undefined
      : await projectsRepo.findByHandle(exec, ref.handle);
  if (!project) throw projectNotFound();
  const role = viewer ? await projectsRepo.memberRole(exec, project.id, viewer.id) : null;
  if (project.visibility === 'Private' && !role && !viewer?.isStaff) {
    if (!viewer || !(await projectsRepo.hasPendingInvite(exec, project.id, viewer.id))) throw projectNotFound();
  }
  return { project, role, isOwner: Boolean(viewer && project.ownerId === viewer.id) } satisfies Access;
}

/** Loads a visible project and insists the viewer owns it (403 otherwise). */
export async function loadOwnedProject(exec: Executor, id: string, viewer: NonNullable<Viewer>) {
  const access = await loadVisibleProject(exec, { id }, viewer);
  if (!access.isOwner) throw forbidden('Only the project owner can do this');
  return access;
}

async function withUsers(exec: Executor, project: ProjectRow): Promise<ProjectWithUsers> {
  return { ...toProject(project), users: await listMembers(exec, project.id) };
}

export async function listMembers(exec: Executor, projectId: string): Promise<ProjectUser[]> {
  const rows = await projectsRepo.members(exec, projectId);
  return rows.map((r) => ({ userID: r.user.id, role: r.role, user: toMemberUser(r.user) }));
}

export async function getProject(ctx: AppContext, ref: { id: string } | { handle: string }, viewer: Viewer) {
  const { project } = await loadVisibleProject(ctx.db, ref, viewer);
  return withUsers(ctx.db, project);
}

/** GET /projects/{id}/details: {id} may also be the handle, so the details page needs one call. */
export async function getProjectDetails(ctx: AppContext, idOrHandle: string, viewer: Viewer): Promise<ProjectDetails> {
  const ref = UUID_RE.test(idOrHandle) ? { id: idOrHandle } : { handle: idOrHandle };
  const { project, role, isOwner } = await loadVisibleProject(ctx.db, ref, viewer);
  const [members, totals, hasApplied, hasInvite] = await Promise.all([
    projectsRepo.members(ctx.db, project.id),
    projectsRepo.totals(ctx.db, project.id),
    viewer ? projectsRepo.hasApplied(ctx.db, project.id, viewer.id) : false,
    viewer ? projectsRepo.hasPendingInvite(ctx.db, project.id, viewer.id) : false,
  ]);
  const owner = members.find((m) => m.user.id === project.ownerId)?.user;
  if (!owner) throw projectNotFound();
  return {
    ...toProject(project),
    location: owner.location,
    completedTasks: totals.completed,
    totalSpent: formatMoney(totals.spent),
    budget: formatMoney(totals.budget),
    openTasks: totals.open,
    tagList: normaliseTags(project.tags),
    owner: toMemberUser(owner),
    client: toClientStanding(
      (await reviewsRepo.clientStandings(ctx.db, [owner.id], ctx.now(), ctx.config.minReputationPrice)).get(owner.id),
    ),
    viewer: viewer ? { isMember: Boolean(role), isOwner, hasApplied, hasInvite } : null,
  };
}

/** Cards: each project with its excerpt, open budget, applicants and its client's standing. */
async function toListings(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  rows: ProjectRow[],
): Promise<ProjectListing[]> {
  const exec = ctx.db;
  const [figures, clients] = await Promise.all([
    projectsRepo.listingFigures(
      exec,
      rows.map((p) => p.id),
    ),
    reviewsRepo.clientStandings(
      exec,
      rows.map((p) => p.ownerId),
      ctx.now(),
      ctx.config.minReputationPrice,
    ),
  ]);
  return rows.map((p) => toListing(p, figures.get(p.id), toClientStanding(clients.get(p.ownerId))));
}

/** Listing cards of these projects, in the order given (ids not found are left out). */
export async function listingCardsByIds(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  ids: string[],
): Promise<ProjectListing[]> {
  const rows = await projectsRepo.findByIds(ctx.db, ids);
  const byId = new Map(rows.map((p) => [p.id, p]));
  return toListings(
    ctx,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

function toClientStanding(c: ClientStandingRow | undefined): ClientStanding {
  return {
    rating: c?.rating ?? { average: null, count: 0 },
    totalSpent: formatMoney(c?.totalSpent ?? 0n),
    hires: c?.hires ?? 0,
    location: c?.location ?? null,
  };
}

export async function listProjects(
  ctx: AppContext,
  kind: ListKind,
  opts: { page: number; tags: string[]; sort?: ProjectSort },
) {
  const { rows, pages } = await projectsRepo.listPage(ctx.db, kind, opts.page, normaliseTags(opts.tags), opts.sort);
  return { projects: await toListings(ctx, rows), pages };
}

export async function searchProjects(
  ctx: AppContext,
  opts: { query: string; tags?: string[]; sort?: ProjectSort },
): Promise<ProjectListing[]> {
  const rows = await projectsRepo.search(ctx.db, opts.query, normaliseTags(opts.tags ?? []), opts.sort);
  return toListings(ctx, rows);
}

export async function myProjects(ctx: AppContext, userId: string) {
  return (await projectsRepo.forMember(ctx.db, userId)).map(toProject);
}

/** GET /projects/owned: with a candidate, each project says whether they are on it or invited (issue 28). */
export async function ownedProjects(ctx: AppContext, userId: string, candidate?: string): Promise<OwnedProject[]> {
  const rows = await projectsRepo.ownedBy(ctx.db, userId);
  const relation =
    candidate && rows.length
      ? await projectsRepo.candidateRelations(
          ctx.db,
          rows.map((r) => r.id),
          candidate,
        )
      : new Map<string, 'member' | 'invited'>();
  return rows.map((r) => ({ ...toProject(r), candidate: relation.get(r.id) ?? null }));
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const randomSuffix = () => Math.random().toString(36).slice(2, 6);

/** The first free of base, base-2 … base-5, else base-<random>. */
async function freeHandle(exec: Executor, name: string): Promise<string> {
  const base = slugify(name);
  const candidates = [base, ...[2, 3, 4, 5].map((n) => `${base}-${n}`)];
  const taken = await projectsRepo.handlesTaken(exec, candidates);
  return candidates.find((c) => !taken.has(c)) ?? `${base}-${randomSuffix()}`;
}

async function freeKey(exec: Executor, name: string): Promise<string> {
  const base = keyOf(name);
  const candidates = [base, ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${base}${n}`)];
  const taken = await projectsRepo.keysTaken(exec, candidates);
  return candidates.find((c) => !taken.has(c)) ?? `${base}${Math.floor(100 + Math.random() * 900)}`;
}

/** Creates a project with its owner as the first member; the handle is a unique slug of the name. */
export async function createProject(ctx: AppContext, owner: AuthUser, input: CreateProjectBody): Promise<Project> {
  if (owner.type !== 'Client' && !owner.isStaff) throw forbidden('Only clients can create projects');
  for (let attempt = 0; ; attempt++) {
    const handle = attempt === 0 ? await freeHandle(ctx.db, input.name) : `${slugify(input.name)}-${randomSuffix()}`;
    const key = await freeKey(ctx.db, input.name);
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const created = await projectsRepo.insertWithOwner(tx, {
          handle,
          key,
          name: input.name,
          company: input.company,
          description: input.description,
          shortDescription: shortDescriptionOf(input.description),
          tags: normaliseTags(input.tags).join(','),
          visibility: input.visibility ?? 'Public',
          image: generatedImage(handle),
          ownerId: owner.id,
        });
        // In the creation's transaction: e.g. matching's `project.matched` (DESIGN §17).
        await runProjectCreated(ctx, tx, created);
        return created;
      });
      return toProject(row);
    } catch (err) {
      // Two projects with the same name created at once: try again with a fresh suffix.
      if (isUniqueViolation(err) && attempt < 4) continue;
      throw err;
    }
  }
}

export async function updateProject(ctx: AppContext, viewer: AuthUser, id: string, input: UpdateProjectBody) {
  await loadOwnedProject(ctx.db, id, viewer);
  const row = await projectsRepo.update(ctx.db, id, {
    name: input.name,
    company: input.company,
    description: input.description,
    shortDescription: shortDescriptionOf(input.description),
    ...(input.visibility ? { visibility: input.visibility } : {}),
    ...(input.tags !== undefined ? { tags: normaliseTags(input.tags).join(',') } : {}),
  });
  if (!row) throw projectNotFound();
  return withUsers(ctx.db, row);
}

/**
 * Deletes a project and everything in it (DESIGN §5): refused while any of its tasks holds
 * escrowed funds (held money must first be paid out or released through the task), so the
 * cascade never strands money in escrow.
 */
export async function deleteProject(ctx: AppContext, viewer: AuthUser, id: string) {
  await loadOwnedProject(ctx.db, id, viewer);
  await ctx.db.transaction(async (tx) => {
    // Lock the project first (DESIGN §8): assignments wait, then find it gone (404); or they went
    // first and hold escrow, and the delete answers 409.
    if (!(await lockProjectTasks(tx, id))) throw projectNotFound();
    const held = await escrowRepo.projectHeldTasks(tx, id);
    if (held.length > 0) throw conflict(PROJECT_MSG.escrowBlocksDelete(held));
    await escrowRepo.clearSettled(tx, id);
    await projectsRepo.delete(tx, id);
  });
}

/** Removes a member (spec §5/§6): owner only; only Admin-role members, never the owner or oneself. */
export async function removeMember(ctx: AppContext, viewer: AuthUser, id: string, userId: string) {
  await loadOwnedProject(ctx.db, id, viewer);
  if (userId === viewer.id) throw forbidden('You cannot remove yourself from the project');
  const role = await projectsRepo.memberRole(ctx.db, id, userId);
  if (!role) throw notFound('This user is not on the team');
  if (role !== 'Admin') throw forbidden('The project owner cannot be removed');
  await ctx.db.transaction(async (tx) => {
    // Under the project lock, so no task is assigned to them while they are being removed.
    await lockProjectTasks(tx, id);
    const assigned = await openAssignments(tx, id, userId);
    if (assigned.length > 0) throw conflict(PROJECT_MSG.assigneeBlocksRemoval(assigned));
    await projectsRepo.removeMember(tx, id, userId);
  });
  return listMembers(ctx.db, id);
}
