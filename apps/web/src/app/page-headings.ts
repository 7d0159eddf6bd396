import type { PageHeadingText } from '../components/page-heading';
import { DISCOVER_HEADING } from '../features/projects/discover-heading';
import { paths } from './paths';

/**
 * Pages behind the session guard whose heading is fixed text. While GET /user is on its way the
 * guard draws the app frame with that heading instead of its placeholder lines, and the build
 * pre-renders a frame for each (apps/web/build/prerender.ts), so the page's words are painted from
 * HTML. Exact paths (React Router matches them case-insensitively, so does the lookup).
 */
export const PAGE_HEADINGS: Record<string, PageHeadingText> = {
  [paths.projects.path]: DISCOVER_HEADING,
};

export const headingFor = (pathname: string): PageHeadingText | undefined =>
  PAGE_HEADINGS[pathname.length > 1 ? pathname.toLowerCase().replace(/\/+$/, '') : pathname];
