import type { PageHeadingText } from '../../components/page-heading';

/**
 * /projects' heading, fixed text: the signed-in frame paints it from HTML before the page has
 * loaded (app/page-headings.ts). A module of its own, so the frame does not load the page.
 */
export const DISCOVER_HEADING: PageHeadingText = {
  title: 'Find Projects',
  subtitle: 'Browse open projects from verified clients and apply with a short message.',
};
