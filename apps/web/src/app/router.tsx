import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useMemo } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/error-boundary';
import { PageLoading } from '../components/loading';
import type { GuardFrame, GuardMode } from './guard';
import { paths } from './paths';
import type { RouteData } from './route-data';

type PageModule = { default: ComponentType };
/** Each route element's own Suspense key (see page()). */
let nextPageKey = 0;
/**
 * A route's chunk loader, kept on the route so every level of a match can start loading at once;
 * `guarded` marks the session guard's routes (the build's pre-render lists them for the server).
 */
export type Preload = { preload: () => Promise<unknown>; guarded?: true; data?: () => Promise<RouteData> };

/** A page's data loader (app/route-data.ts), loaded lazily like the page. */
const routeData = (pick: (m: typeof import('./route-data')) => RouteData) => () => import('./route-data').then(pick);

/**
 * Every page is its own chunk (route-level code splitting). Declarative routes with React.lazy
 * rather than a data router: the data router (loaders, actions, fetchers, hydration) is half of
 * React Router's size and this app uses none of it (first-load budget, issue 20).
 */
const page = (
  load: () => Promise<PageModule>,
  data?: () => Promise<RouteData>,
): Pick<RouteObject, 'element' | 'handle'> => {
  // Made once, when the route table is built (a lazy component made per render would remount).
  const Page = lazy(load);
  // A key per route: moving to another page replaces the boundary. Without it React would keep
  // the previous page mounted (hidden) inside the same boundary while the next one loads.
  const key = `page-${nextPageKey++}`;
  return {
    element: (
      <Suspense key={key} fallback={<PageLoading />}>
        <Page />
      </Suspense>
    ),
    handle: { preload: load, ...(data ? { data } : {}) } satisfies Preload,
  };
};
/** Layouts load lazily too: /login never downloads the top bar, drawer and menus. */
const layout = page;

/** The session guard is a chunk of its own: the public pages (/login) need neither it nor useQuery. */
const loadGuard = () => import('./guard');
const Guard = lazy(() => loadGuard().then((m) => ({ default: m.AuthGuard })));
/** `frame`: what the guard draws while the session is checked (the workspace's own, or a page's). */
const guard = (mode: GuardMode, frame: GuardFrame = 'page'): Pick<RouteObject, 'element' | 'handle'> => ({
  element: (
    <Suspense fallback={<PageLoading />}>
      <Guard mode={mode} frame={frame} />
    </Suspense>
  ),
  handle: { preload: loadGuard, guarded: true } satisfies Preload,
});

/** The route table of spec §2, by layout group. */
export const routes: RouteObject[] = [
  {
    children: [
      {
        // Onboarding: the guard does not force login here.
        ...layout(() => import('./layouts/onboarding-layout')),
        children: [
          {
            path: paths.signUpDeveloper.path,
            ...page(() => import('./routes/developer-onboarding')),
          },
        ],
      },
      {
        ...guard('optional'),
        children: [
          {
            ...layout(() => import('./layouts/dashboard-layout')),
            children: [
              { path: paths.developer.path, ...page(() => import('./routes/developer-profile')) },
              { path: paths.newProject.path, ...page(() => import('./routes/new-project')) },
              { path: paths.projectDetails.path, ...page(() => import('../features/projects/routes/project-details')) },
              { path: paths.terms.path, ...page(() => import('./routes/terms')) },
              { path: paths.privacy.path, ...page(() => import('./routes/privacy')) },
              { path: paths.status.path, ...page(() => import('./routes/status')) },
              { path: paths.solvency.path, ...page(() => import('../features/solvency/routes/solvency-page')) },
              // Unknown addresses keep the app frame (top bar, menus) for a signed-in user.
              { path: '*', ...page(() => import('./routes/not-found')) },
            ],
          },
        ],
      },
      {
        // The workspace is optional-auth: a guest gets the New Project dialog over it (spec §2).
        ...guard('optional', 'workspace'),
        children: [
          {
            ...layout(() => import('./layouts/second-layout')),
            children: [
              {
                path: paths.project.path,
                ...page(
                  () => import('./routes/workspace'),
                  routeData((m) => m.workspaceData),
                ),
              },
              {
                path: paths.projectById.path,
                ...page(
                  () => import('./routes/workspace'),
                  routeData((m) => m.workspaceData),
                ),
              },
            ],
          },
        ],
      },
      {
        ...guard('strict'),
        children: [
          {
            ...layout(() => import('./layouts/dashboard-layout')),
            children: [
              { path: paths.home.path, ...page(() => import('./routes/home')) },
              {
                path: paths.projects.path,
                ...page(
                  () => import('../features/projects/routes/discover'),
                  routeData((m) => m.discoverData),
                ),
              },
              { path: paths.talent.path, ...page(() => import('../features/talent/routes/talent')) },
              { path: paths.account.path, ...page(() => import('../features/account/routes/account')) },
              { path: paths.finances.path, ...page(() => import('../features/finances/routes/finances')) },
              { path: paths.deposit.path, ...page(() => import('../features/finances/routes/deposit')) },
              { path: paths.withdraw.path, ...page(() => import('../features/finances/routes/withdraw')) },
              { path: paths.transaction.path, ...page(() => import('../features/finances/routes/transaction')) },
              { path: paths.admin.path, ...page(() => import('./routes/admin')) },
              {
                path: paths.notifications.path,
                ...page(() => import('../features/notifications/routes/notifications')),
              },
            ],
          },
          {
            ...layout(() => import('./layouts/second-layout')),
            children: [
              { path: paths.messages.path, ...page(() => import('../features/messages/routes/messages')) },
              { path: paths.task.path, ...page(() => import('../features/tasks/routes/task-page')) },
            ],
          },
        ],
      },
      {
        ...layout(() => import('./layouts/public-auth-layout')),
        children: [
          { path: paths.login.path, ...page(() => import('../features/auth/routes/login')) },
          { path: paths.signUp.path, ...page(() => import('../features/auth/routes/sign-up')) },
          { path: paths.forgotPassword.path, ...page(() => import('../features/auth/routes/forgot-password')) },
          { path: paths.resetPassword.path, ...page(() => import('../features/auth/routes/reset-password')) },
          { path: paths.logout.path, ...page(() => import('./routes/logout')) },
        ],
      },
    ],
  },
];

type Matches = NonNullable<ReturnType<typeof matchRoutes>>;

/**
 * Starts loading every lazy level of a match (guard, layout, page) together, not one after the
 * other as each level renders and suspends. main.tsx starts the first address's before hydrating.
 */
function preloadMatches(matches: Matches) {
  for (const match of matches) void (match.route.handle as Preload | undefined)?.preload();
}

/** The chunks of the page at `pathname`, on their way. */
export const preloadRoute = (pathname: string) => preloadMatches(matchRoutes(routes, pathname) ?? []);

/**
 * The app's routes under the router the caller provides (BrowserRouter in the app, MemoryRouter in
 * tests). A render error or a failed chunk load shows the error page; moving elsewhere clears it.
 */
export function AppRoutes() {
  const location = useLocation();
  const qc = useQueryClient();
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  useMemo(() => preloadMatches(matches), [matches]);
  // And the page's data with them (route-data.ts), for as long as this address is shown: a loader
  // that arrives after the app has moved on or gone asks for nothing.
  useEffect(() => {
    let current = true;
    for (const match of matches) {
      (match.route.handle as Preload | undefined)
        ?.data?.()
        .then((load) => (current ? load(qc, match.params, () => current) : undefined))
        .catch(() => {});
    }
    return () => {
      current = false;
    };
  }, [matches, qc]);
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={location.pathname}>{element}</RouteErrorBoundary>;
}
