// First, before any zod schema is built (zod-config.ts says why).
import './zod-config';
import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Pages the build pre-rendered (src/prerender.tsx, served by the server's static plugin) arrive
// drawn: hydrate them. Others arrive with an empty #root: render.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
