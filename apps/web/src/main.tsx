// First, before any zod schema is built (zod-config.ts says why).
import './zod-config';
import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { appTheme } from './app/theme';

/** The browser's next task: each step of the start below runs in a task of its own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Evaluating the scripts, building the theme, starting the page's chunks and hydrating are each a
 * part of the start's work. Run as one task they block a tap on a phone for its whole length; run
 * apart, none does for long (issue 33: total blocking time, which counts only what a task takes
 * beyond 50 ms).
 */
async function start(root: HTMLElement) {
  await nextTask();
  appTheme();
  await nextTask();
  // The page's chunks start loading before hydration, not as its first render reaches them.
  preloadRoute(window.location.pathname);
  await nextTask();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Pages the build pre-rendered (src/prerender.tsx, served by the server's static plugin) arrive
  // drawn: hydrate them. Others arrive with an empty #root: render. At default priority: hydrating
  // in a transition (slices, issue 33) may leave the drawn form to the browser for longer, and what
  // is typed into it meanwhile is lost to the app (docs/decisions.md, eighth session).
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void start(root);
