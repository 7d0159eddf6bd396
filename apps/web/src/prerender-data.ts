/**
 * What the build's style render of a signed-in page draws (src/prerender.tsx): a client, a page of
 * projects, a board with a card in each stage. Only the styles of that render are kept, never its
 * markup: they let the browser skip computing them when the real page first draws (issue 33).
 * Build-only, like src/prerender.tsx.
 */
import type { ProjectListing, ProjectListingPage, TaskSummary } from '@devmarket/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { paths } from './app/paths';
import { unreadCountQueryOptions } from './features/messages/api/get-unread-count';
import { unreadNotificationsQueryOptions } from './features/notifications/api/notifications';
import { projectListQueryOptions } from './features/projects/api/get-project-list';
import { projectTasksQueryOptions } from './features/tasks/api/get-project-tasks';
import { projectQueryOptions } from './lib/project-queries';
import { userQueryOptions } from './lib/session';
import { makeMe, makeProject, makeTask } from './testing/fixtures';

const me = makeMe();
const developer = makeMe({ id: '44444444-4444-4444-8444-444444444444', type: 'Developer', firstName: 'Dev' });

/** Every signed-in page: the user and the top bar's badges. */
function seedShell(qc: QueryClient) {
  qc.setQueryData(userQueryOptions().queryKey, me);
  qc.setQueryData(unreadCountQueryOptions().queryKey, { count: 2 });
  qc.setQueryData(unreadNotificationsQueryOptions().queryKey, { count: 3 });
}

/** /projects: the public list's first page (routes/discover.tsx), verified and featured cards among them. */
function seedDiscover(qc: QueryClient) {
  const listing = (n: number, over: Partial<ProjectListing> = {}): ProjectListing => ({
    ...makeProject(me, [], { id: `project-${n}`, handle: `project-${n}`, name: `Project ${n}` }),
    visibility: 'Public',
    tags: 'React,TypeScript',
    excerpt: 'What the project is about',
    budget: '250',
    applicants: 3,
    client: { rating: { average: 4.5, count: 2 }, totalSpent: '1000', hires: 2, location: 'Berlin' },
    ...over,
  });
  const page: ProjectListingPage = {
    projects: [
      listing(1, { verified: '2026-01-02T00:00:00.000Z', featured: '2026-01-02T00:00:00.000Z' }),
      listing(2, {
        budget: '0',
        applicants: 0,
        client: { rating: { average: null, count: 0 }, totalSpent: '0', hires: 0, location: null },
      }),
      listing(3),
    ],
    pages: 2,
  };
  const data: InfiniteData<ProjectListingPage, number> = { pages: [page], pageParams: [1] };
  qc.setQueryData(projectListQueryOptions('public', []).queryKey, data);
}

/** A workspace (routes/workspace.tsx, board first) at `handle`: one card in each stage. */
function seedWorkspace(qc: QueryClient, handle: string) {
  const project = makeProject(me, [developer], { handle });
  const due = '2026-12-01T00:00:00.000Z';
  const tasks: TaskSummary[] = [
    makeTask(project, 1),
    makeTask(project, 2, { assignee: developer, price: '120', dueDate: due }),
    makeTask(project, 3, { assignee: developer, stage: 'In Progress', price: '80' }),
    makeTask(project, 4, { assignee: developer, stage: 'Review', price: '50', reviewDeadline: due }),
    makeTask(project, 5, { assignee: developer, stage: 'Complete', price: '40' }),
  ];
  qc.setQueryData(projectQueryOptions({ handle }).queryKey, project);
  qc.setQueryData(projectTasksQueryOptions(project.id).queryKey, tasks);
}

type Seed = (qc: QueryClient) => void;

/**
 * The states of the signed-in page at `route` (a pattern of app/paths.ts) and `params` whose
 * styles the build ships, each as the data it is drawn from: the page waiting for its own data
 * (the user known, the list still loading: the listing's skeleton cards, which a phone drew in the
 * browser whenever the list arrived after hydration), then the page with it. Null for any route
 * whose first draw is not worth its styles.
 */
export function pageData(route: string, params: Record<string, string | undefined>): Seed[][] | null {
  const handle = params.projectHandle;
  if (route === paths.projects.path) return [[seedShell], [seedShell, seedDiscover]];
  if (route === paths.project.path && handle)
    return [[seedShell], [seedShell, (qc: QueryClient) => seedWorkspace(qc, handle)]];
  return null;
}
