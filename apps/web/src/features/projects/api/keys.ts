import type { ProjectSort } from '@devmarket/contract';
import { projectKeys } from '../../../lib/projects';

/**
 * The keys of the queries only this feature makes, under `projectKeys.all` so that every project
 * change refreshes them too (the shared ones, a project, mine, owned, are `projectKeys`).
 */
export const projectPageKeys = {
  allDetails: [...projectKeys.all, 'details'] as const,
  details: (idOrHandle: string) => [...projectKeys.all, 'details', idOrHandle] as const,
  list: (kind: string, tags: string[], sort: ProjectSort | null) =>
    [...projectKeys.all, 'list', kind, tags, sort] as const,
  search: (query: string, tags: string[], sort: ProjectSort | null) =>
    [...projectKeys.all, 'search', query, tags, sort] as const,
  invites: (projectId: string) => [...projectKeys.all, 'invites', projectId] as const,
  applicants: (projectId: string) => [...projectKeys.all, 'applicants', projectId] as const,
  hasInvite: (projectId: string) => [...projectKeys.all, 'has-invite', projectId] as const,
  /** DESIGN §17: under `projectKeys.all`, so an invite or an application refreshes them. */
  recommendedTalent: (projectId: string, limit: number) =>
    [...projectKeys.all, 'recommended-talent', projectId, limit] as const,
  recommendedProjects: (limit: number) => [...projectKeys.all, 'recommended', limit] as const,
  allRecommendedProjects: [...projectKeys.all, 'recommended'] as const,
};
