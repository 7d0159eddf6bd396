import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { RenderedPage } from '../src/prerender';

/**
 * The pages drawn at build time for a guest (issue 33): path, file, and the query parameter the
 * page's markup depends on, if any. /reset-password draws its form for the mailed link's token
 * (the token's value is never in the markup); without one the server sends index.html.
 */
export const PRERENDERED_PAGES: { path: string; file: string; needs?: string }[] = [
  { path: '/login', file: 'login.html' },
  { path: '/sign-up', file: 'sign-up.html' },
  { path: '/forgot-password', file: 'forgot-password.html' },
  { path: '/reset-password', file: 'reset-password.html', needs: 'token' },
];

/**
 * What dist/prerender/index.json tells the server (apps/server/src/plugins/static.ts): the page
 * file of each pre-rendered path, the guest's not-found page, the signed-in frame (top bar and
 * skeleton) for every path behind the session guard, and the route table to tell them apart.
 */
export type PrerenderIndex = {
  pages: Record<string, { file: string; needs?: string }>;
  notFound: string;
  signedInShell: string;
  /** The frame with the page's own heading, for the paths that have one (app/page-headings.ts). */
  signedInShells: Record<string, string>;
  /**
   * The project workspace's frame, whose `slot` element the server fills with the project's name
   * (app/layouts/workspace-skeleton.tsx), and the workspace's routes with what their parameter is.
   */
  workspaceShell: { file: string; slot: string; routes: { path: string; ref: 'handle' | 'id' }[] };
  routes: { path: string; guarded: boolean }[];
};

type PrerenderModule = {
  renderPage: (url: string, signedIn: boolean) => Promise<RenderedPage>;
  routePatterns: () => { path: string; guarded: boolean }[];
  headedShellPaths: () => string[];
  workspaceShell: () => { slot: string; routes: { path: string; ref: 'handle' | 'id' }[] };
};

/** index.html with the page's markup in #root and its critical CSS in <head>. */
function fill(template: string, page: RenderedPage): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
  // Before hydration a form would submit natively (a GET carrying the typed password in the
  // address): POST goes nowhere harmful. React's onSubmit handles every submit once hydrated,
  // and production hydration does not compare attributes.
  const html = page.html.replace(/<form(?![^>]*\smethod=)/g, '<form method="post"');
  return template
    .replace('</head>', `${page.colorSchemeScript}${page.styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
}

/**
 * The entry's stylesheet (the Inter @font-face rules, 2 KB) inlined: a <link rel="stylesheet">
 * holds the first paint until it has downloaded, one more round trip on a slow network. The CSP
 * already allows inline styles (Emotion's).
 */
function inlineEntryCss(html: string, outDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (tag, href: string) => {
    const css = readFileSync(path.join(outDir, href), 'utf8');
    return css.length > 8192 ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * After the browser build: builds src/prerender.tsx for Node (a throw-away build under
 * node_modules/.cache, so its bare imports resolve), renders each page and writes
 * outDir/prerender/*.html and index.json.
 */
export async function prerender(root: string, outDir: string): Promise<void> {
  const ssrOut = path.join(root, 'node_modules/.cache', `prerender-${process.pid}`);
  // Removed when the build ends, not when this returns: a render starts the matched routes'
  // chunk imports (AppRoutes preloads them), some of which settle after the page is written.
  process.once('exit', () => rmSync(ssrOut, { recursive: true, force: true }));
  {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [react()],
      build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, target: 'node20', minify: false },
    });
    const mod = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as PrerenderModule;
    const template = inlineEntryCss(readFileSync(path.join(outDir, 'index.html'), 'utf8'), outDir);
    writeFileSync(path.join(outDir, 'index.html'), template);
    const dir = path.join(outDir, 'prerender');
    mkdirSync(dir, { recursive: true });
    const write = async (file: string, url: string, signedIn: boolean) => {
      const page = await mod.renderPage(url, signedIn);
      // A boundary that failed on the server is left for the browser with an inline script the
      // CSP would block: the build must fail instead.
      if (/<script|<!--\$!-->|<template/.test(page.html)) throw new Error(`pre-render of ${url} did not complete`);
      writeFileSync(path.join(dir, file), fill(template, page));
    };
    for (const p of PRERENDERED_PAGES) await write(p.file, p.needs ? `${p.path}?${p.needs}=x` : p.path, false);
    await write('not-found.html', '/this-page-does-not-exist', false);
    await write('shell.html', '/', true);
    const signedInShells: Record<string, string> = {};
    for (const p of mod.headedShellPaths()) {
      const file = `shell-${p.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.html`;
      await write(file, p, true);
      signedInShells[p.toLowerCase()] = `prerender/${file}`;
    }
    const workspace = mod.workspaceShell();
    await write('shell-workspace.html', workspace.routes[0].path.replace(/:[^/]+/g, 'x'), true);
    const index: PrerenderIndex = {
      pages: Object.fromEntries(
        PRERENDERED_PAGES.map((p) => [p.path, { file: `prerender/${p.file}`, ...(p.needs ? { needs: p.needs } : {}) }]),
      ),
      notFound: 'prerender/not-found.html',
      signedInShell: 'prerender/shell.html',
      signedInShells,
      workspaceShell: { file: 'prerender/shell-workspace.html', ...workspace },
      routes: mod.routePatterns(),
    };
    writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index));
  }
}
