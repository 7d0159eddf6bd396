/**
 * The build's server-side entry (issue 33): renders a route of the app to HTML with its critical
 * CSS, as MUI's server-rendering guide does (a fresh Emotion cache per render, its styles pulled
 * out with @emotion/server), for the build to write next to index.html (apps/web/build/prerender.ts).
 * Never part of the browser's bundle.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';
import { type Theme, ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, type RouteObject, StaticRouter } from 'react-router';
import { App } from './app/app';
import { PROJECT_NAME_SLOT } from './app/layouts/workspace-skeleton';
import { PAGE_HEADINGS } from './app/page-headings';
import { paths } from './app/paths';
import { type Preload, routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { prerenderSessionHint } from './lib/session';
import { pageData } from './prerender-data';

export type RenderedPage = { html: string; styles: string; colorSchemeScript: string };

/** The address being rendered (one render at a time: the build awaits each). */
let location = '/';
/** The query cache with the page's data, for the render of its styles (below); else the app's own, empty. */
let data: QueryClient | undefined;
/** Whether this render answers the app's media queries as a phone's screen would (below). */
let phone = false;
function PrerenderRouter({ children }: { children: ReactNode }) {
  const routed = <StaticRouter location={location}>{children}</StaticRouter>;
  const withData = data ? <QueryClientProvider client={data}>{routed}</QueryClientProvider> : routed;
  return phone ? <ThemeProvider theme={asPhone}>{withData}</ThemeProvider> : withData;
}

/** A phone's screen, as wide as Lighthouse's mobile preset's (and most phones'). */
const PHONE_WIDTH = 412;
/**
 * Answers the media queries of useMediaQuery (`(max-width:1199.95px)`, `(min-width:900px)`) as
 * a PHONE_WIDTH screen would. A server render cannot know the screen and MUI answers every
 * query false, the desktop's layout: the phone's top bar (menu button, small logo) was drawn
 * first in the browser, its styles computed there.
 */
function phoneMatchMedia(query: string) {
  const bounds = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  const matches =
    bounds.length > 0 &&
    bounds.every(([, side, px]) => (side === 'min' ? PHONE_WIDTH >= Number(px) : PHONE_WIDTH <= Number(px)));
  return { matches };
}
const asPhone = (outer: Theme): Theme => ({
  ...outer,
  components: { ...outer.components, MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: phoneMatchMedia } } },
});

/**
 * `url` drawn with `client`'s data (a new, empty cache without), on a phone's screen or not, with
 * the Emotion cache that holds its styles.
 */
async function draw(url: string, signedIn: boolean, client?: QueryClient, onPhone = false) {
  prerenderSessionHint(signedIn);
  // The browser's default Emotion cache has the key 'css' and picks up style tags of that key.
  const cache = createCache({ key: 'css' });
  // Collect the styles in the cache instead of writing <style> tags into the markup.
  cache.compat = true;
  location = url;
  data = client;
  phone = onPhone;
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerenderToNodeStream(
      <CacheProvider value={cache}>
        <StrictMode>
          <App Router={PrerenderRouter} />
        </StrictMode>
      </CacheProvider>,
      { onError: (err) => void errors.push(err) },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk.toString();
    return { html, cache, errors };
  } finally {
    prerenderSessionHint(false);
    data = undefined;
    phone = false;
  }
}

/**
 * The markup of `url` as its first render in the browser draws it: every lazy chunk loaded (the
 * prerender waits for each Suspense boundary), the user query still pending. `signedIn` says
 * whether the browser holds the session hint (the guard then draws the app frame and a skeleton).
 */
export async function renderPage(url: string, signedIn: boolean): Promise<RenderedPage> {
  const { html, cache } = await draw(url, signedIn);
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const chunks = extractCriticalToChunks(html);
  const drawn = new Set(chunks.styles.flatMap((c) => c.ids));
  const onPhone = await draw(url, signedIn, undefined, true);
  if (onPhone.errors.length) throw new Error(`${url} did not render on a phone: ${onPhone.errors.join('; ')}`);
  const caches = [cache, onPhone.cache];
  if (signedIn) caches.push(...(await pageCaches(url)));
  return {
    html,
    styles: constructStyleTagsFromChunks(chunks) + computedStyles(caches, drawn),
    // Sets the Light/Dark class on <html> from the stored choice before the first paint (the
    // theme's colorSchemeSelector is 'class'; MUI's default keys and 'system' mode).
    colorSchemeScript: renderToStaticMarkup(<InitColorSchemeScript attribute="class" defaultMode="system" />),
  };
}

/**
 * The caches of the signed-in page at `url` drawn in each state of prerender-data.ts (waiting for
 * its data, then with it), on a wide screen and a phone's (none for pages without sample data). The frame is what the HTML shows; when
 * the user's data arrives the page replaces it, and each style that page uses is computed by
 * Emotion (parsed, prefixed, inserted) inside that commit: on the board and the listing a third
 * of it, on a phone 100 ms and more (issue 33). Only their styles are kept, never their markup.
 */
async function pageCaches(url: string): Promise<EmotionCache[]> {
  const match = matchRoutes(routes, url)?.at(-1);
  const states = match?.route.path ? pageData(match.route.path, match.params) : null;
  if (!states) return [];
  const caches: EmotionCache[] = [];
  for (const seeds of states)
    for (const onPhone of [false, true]) {
      const client = createQueryClient();
      for (const seed of seeds) seed(client);
      const { cache, errors } = await draw(url, true, client, onPhone);
      client.clear();
      // A part that failed would leave its styles out without a word: the build stops instead.
      if (errors.length) throw new Error(`the styles of ${url} did not render: ${errors.join('; ')}`);
      caches.push(cache);
    }
  return caches;
}

/**
 * Every class style the renders in `caches` computed, less those of the markup's own (`drawn`),
 * as one <style> tag of Emotion's server format. Emotion takes the styles of a tag like this one
 * as already inserted, and its class names are hashes of the styles, the same in the build and
 * the browser. Beside the page's and the phone's, these are the layers of MUI's composed
 * components (an AppBar's own styles before they merge with its Paper's into the one class the
 * markup carries): no element wears them, yet the browser computed each one as it hydrated.
 */
function computedStyles(caches: EmotionCache[], drawn: Set<string>): string {
  const css = new Map<string, string>();
  for (const cache of caches)
    for (const [id, rules] of Object.entries(cache.inserted))
      if (!drawn.has(id) && typeof rules === 'string' && cache.registered[`css-${id}`] !== undefined)
        css.set(id, rules);
  if (!css.size) return '';
  const text = [...css.values()].join('').replace(/<\/style/gi, '<\\/style');
  return `<style data-emotion="css ${[...css.keys()].join(' ')}">${text}</style>`;
}

/** Every path of the route table, and whether the session guard draws it (for the server). */
export function routePatterns(): { path: string; guarded: boolean }[] {
  const out: { path: string; guarded: boolean }[] = [];
  const walk = (list: RouteObject[], guarded: boolean) => {
    for (const route of list) {
      const g = guarded || Boolean((route.handle as Preload | undefined)?.guarded);
      if (route.path) out.push({ path: route.path, guarded: g });
      if (route.children) walk(route.children, g);
    }
  };
  walk(routes, false);
  return out;
}

/** The paths whose signed-in frame carries the page's own heading (app/page-headings.ts): one file each. */
export const headedShellPaths = (): string[] => Object.keys(PAGE_HEADINGS);

/**
 * The workspace frame's addresses, each with what its parameter names (a handle or an id), and the
 * element the server writes the project's name into (app/layouts/workspace-skeleton.tsx).
 */
export const workspaceShell = () => ({
  routes: [
    { path: paths.project.path, ref: 'handle' as const },
    { path: paths.projectById.path, ref: 'id' as const },
  ],
  slot: PROJECT_NAME_SLOT,
});
