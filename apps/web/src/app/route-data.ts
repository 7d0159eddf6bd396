import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { projectListQueryOptions } from '../features/projects/api/get-project-list';
import { projectTasksQueryOptions } from '../features/tasks/api/get-project-tasks';
import { projectQueryOptions } from '../lib/project-queries';
import { maySignedIn } from '../lib/session';

/**
 * What a page's first render asks the server for, asked as the route's chunks load (issue 33):
 * beside GET /user instead of after it and after the page has rendered once. On a slow phone
 * network that is one or two round trips less before the page shows its content. The queries are
 * the pages' own (same keys), so the pages find them answered or in flight.
 *
 * Only with the session hint: a guest's request would only be refused, and a refused prefetch is
 * left for the page to ask again (prefetch errors are not thrown). `stillShown` turns false when the
 * app has moved to another address (or gone): a loader asks nothing more then.
 */
export type RouteData = (qc: QueryClient, params: Params, stillShown: () => boolean) => Promise<unknown>;

/** The workspace (board first): the project, then its tasks. */
export const workspaceData: RouteData = async (qc, { projectHandle, projectID }, stillShown) => {
  if (!maySignedIn()) return;
  const project = await qc.fetchQuery(
    projectQueryOptions(projectID ? { id: projectID } : { handle: projectHandle ?? '' }),
  );
  if (stillShown()) await qc.prefetchQuery(projectTasksQueryOptions(project.id));
};

/** /projects opens on the public list, every tag, the default order (features/projects/routes/discover.tsx). */
export const discoverData: RouteData = async (qc) => {
  if (!maySignedIn()) return;
  await qc.prefetchInfiniteQuery(projectListQueryOptions('public', []));
};
