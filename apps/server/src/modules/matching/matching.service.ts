import {
  MATCHED_NOTIFY_HOURS,
  MATCHED_NOTIFY_MAX,
  MATCHING_MSG,
  type RecommendedProject,
  type RecommendedTalent,
} from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { notify } from '../notifications/index';
import { listingCardsByIds, loadOwnedProject, type ProjectRow } from '../projects/index';
import { publicUsersByIds, tagsOfUser } from '../users/index';
import { matchingRepo } from './matching.repo';

const HOUR_MS = 60 * 60 * 1000;

/** Lower-cased keys → the spelling shown, in the order of the list (as tag_keys() compares them). */
function tagSpellings(tags: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of tags) {
    const key = t.trim().toLowerCase();
    if (key && !out.has(key)) out.set(key, t.trim());
  }
  return out;
}

const projectTagList = (project: Pick<ProjectRow, 'tags'>) => project.tags.split(',').filter((t) => t.trim() !== '');

/** Matched keys in the project's spelling and order. */
function spelled(matched: string[], spellings: Map<string, string>): string[] {
  const set = new Set(matched);
  return [...spellings].filter(([key]) => set.has(key)).map(([, tag]) => tag);
}

/** GET /projects/{id}/recommended-talent (DESIGN §17): the owner only (others 403; unseen 404). */
export async function recommendedTalent(
  ctx: AppContext,
  viewer: AuthUser,
  projectId: string,
  limit: number,
): Promise<RecommendedTalent[]> {
  const { project } = await loadOwnedProject(ctx.db, projectId, viewer);
  const spellings = tagSpellings(projectTagList(project));
  const matches = await matchingRepo.talentFor(ctx.db, {
    projectId: project.id,
    ownerId: project.ownerId,
    keys: [...spellings.keys()],
    limit,
    now: ctx.now(),
    floor: ctx.config.minReputationPrice,
  });
  const users = new Map(
    (
      await publicUsersByIds(
        ctx,
        matches.map((m) => m.id),
      )
    ).map((u) => [u.id, u]),
  );
  return matches.flatMap((m) => {
    const user = users.get(m.id);
    const matchedTags = spelled(m.matched, spellings);
    return user ? [{ user, matchedTags, score: matchedTags.length }] : [];
  });
}

/** GET /projects/recommended (DESIGN §17): a developer's "Projects for you". */
export async function recommendedProjects(
  ctx: AppContext,
  viewer: AuthUser,
  limit: number,
): Promise<RecommendedProject[]> {
  if (viewer.type !== 'Developer') throw forbidden(MATCHING_MSG.developersOnly);
  const keys = [...tagSpellings(await tagsOfUser(ctx.db, viewer.id)).keys()];
  const matches = await matchingRepo.projectsFor(ctx.db, { userId: viewer.id, keys, limit });
  const cards = new Map(
    (
      await listingCardsByIds(
        ctx,
        matches.map((m) => m.id),
      )
    ).map((p) => [p.id, p]),
  );
  return matches.flatMap((m) => {
    const project = cards.get(m.id);
    if (!project) return [];
    return [{ project, matchedTags: spelled(m.matched, tagSpellings(project.tags.split(','))) }];
  });
}

/**
 * `project.matched` (DESIGN §17): when a public project is created, the best-matching approved
 * developers (at most MATCHED_NOTIFY_MAX, ranked as recommended-talent ranks them) are told, each
 * at most once in MATCHED_NOTIFY_HOURS (read from ctx.now()); a developer told within that time is
 * skipped, not replaced. Runs in the creation's transaction, so a rolled-back project tells nobody.
 * The e-mail follows the `applications` category (NOTIFICATION_EMAIL_CATEGORY).
 */
export async function notifyMatchedDevelopers(ctx: AppContext, tx: Executor, project: ProjectRow): Promise<void> {
  if (project.visibility !== 'Public') return;
  const spellings = tagSpellings(projectTagList(project));
  if (spellings.size === 0) return;
  const matches = await matchingRepo.talentFor(tx, {
    projectId: project.id,
    ownerId: project.ownerId,
    keys: [...spellings.keys()],
    limit: MATCHED_NOTIFY_MAX,
    now: ctx.now(),
    floor: ctx.config.minReputationPrice,
  });
  const since = new Date(ctx.now().getTime() - MATCHED_NOTIFY_HOURS * HOUR_MS);
  const capped = await matchingRepo.matchedSince(
    tx,
    matches.map((m) => m.id),
    since,
  );
  for (const m of matches) {
    if (capped.has(m.id)) continue;
    const tags = spelled(m.matched, spellings).join(', ');
    await notify(tx, {
      userId: m.id,
      actorId: project.ownerId,
      type: 'project.matched',
      title: `A new project matches your skills: ${project.name}`,
      body: `${project.company} is looking for ${tags} on ${project.name}.`,
      link: `/project/${project.handle}/details`,
    });
  }
}
