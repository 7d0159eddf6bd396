/**
 * The build's server-side entry (issue 33): renders a route of the app to HTML with its critical
 * CSS, as MUI's server-rendering guide does (a fresh Emotion cache per render, its styles pulled
 * out with @emotion/server), for the build to write next to index.html (apps/web/build/prerender.ts).
 * Never part of the browser's bundle.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';
import { type ReactNode, StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { type RouteObject, StaticRouter } from 'react-router';
import { App } from './app/app';
import { PROJECT_NAME_SLOT } from './app/layouts/workspace-skeleton';
import { PAGE_HEADINGS } from './app/page-headings';
import { paths } from './app/paths';
import { type Preload, routes } from './app/router';
import { prerenderSessionHint } from './lib/session';

export type RenderedPage = { html: string; styles: string; colorSchemeScript: string };

/** The address being rendered (one render at a time: the build awaits each). */
let location = '/';
function PrerenderRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={location}>{children}</StaticRouter>;
}

/**
 * The markup of `url` as its first render in the browser draws it: every lazy chunk loaded (the
 * prerender waits for each Suspense boundary), the user query still pending. `signedIn` says
 * whether the browser holds the session hint (the guard then draws the app frame and a skeleton).
 */
export async function renderPage(url: string, signedIn: boolean): Promise<RenderedPage> {
  prerenderSessionHint(signedIn);
  // The browser's default Emotion cache has the key 'css' and picks up style tags of that key.
  const cache = createCache({ key: 'css' });
  // Collect the styles in the cache instead of writing <style> tags into the markup.
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  location = url;
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <StrictMode>
        <App Router={PrerenderRouter} />
      </StrictMode>
    </CacheProvider>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  prerenderSessionHint(false);
  return {
    html,
    styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)),
    // Sets the Light/Dark class on <html> from the stored choice before the first paint (the
    // theme's colorSchemeSelector is 'class'; MUI's default keys and 'system' mode).
    colorSchemeScript: renderToStaticMarkup(<InitColorSchemeScript attribute="class" defaultMode="system" />),
  };
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
