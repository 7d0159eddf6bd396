import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { SESSION_HINT_COOKIE } from '@devmarket/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API GET answered with index.html so client-side routes load (SPA fallback). Files
 * go out brotli- or gzip-compressed when the build made a compressed copy.
 */
/** A route pattern of dist/preload.json ('/project/:handle') as a matcher of request paths. */
function patternMatcher(pattern: string): (urlPath: string) => boolean {
  const want = pattern.split('/');
  return (urlPath) => {
    const got = urlPath.split('/');
    return got.length === want.length && want.every((seg, i) => (seg.startsWith(':') ? got[i] !== '' : seg === got[i]));
  };
}

/**
 * The `Link` header that lets the browser fetch a route's lazy chunks while it still downloads the
 * entry (the build lists them in preload.json, apps/web/vite.config.ts). Exact routes win over
 * patterns; an unknown path gets none.
 */
export function routePreloadHeaders(webDist: string): (urlPath: string) => string | undefined {
  const file = path.join(webDist, 'preload.json');
  if (!existsSync(file)) return () => undefined;
  const routes = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>).map(
    ([pattern, files]) => ({
      pattern,
      matches: patternMatcher(pattern),
      header: files.map((f) => `<${f}>; rel=modulepreload`).join(', '),
    }),
  );
  return (urlPath) =>
    (routes.find((r) => r.pattern === urlPath) ?? routes.find((r) => r.matches(urlPath)))?.header || undefined;
}

/** dist/prerender/index.json, written by the build (apps/web/build/prerender.ts). */
type PrerenderIndex = {
  /** `needs`: the query parameter the page was drawn with (present and not empty). */
  pages: Record<string, { file: string; needs?: string }>;
  notFound: string;
  signedInShell: string;
  /** The frame with the page's own heading, by lower-case path (older builds have none). */
  signedInShells?: Record<string, string>;
  /** The project workspace's frame and its routes (older builds have none). */
  workspaceShell?: WorkspaceShell;
  routes: { path: string; guarded: boolean }[];
};

/**
 * The workspace frame (apps/web/src/app/layouts/workspace-skeleton.tsx): its file, the element
 * whose text is the project's name, and the workspace's routes with what their parameter is.
 */
type WorkspaceShell = { file: string; slot: string; routes: { path: string; ref: 'handle' | 'id' }[] };

/** A project as a workspace address names it. */
export type ProjectRef = { handle: string } | { id: string };

/** The name of the project `ref` names when the caller may see it, else null (plugins/workspace-name.ts). */
export type ProjectNameLookup = (req: FastifyRequest, ref: ProjectRef) => Promise<string | null>;

const readIndex = (webDist: string): PrerenderIndex | null => {
  const file = path.join(webDist, 'prerender', 'index.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrerenderIndex) : null;
};

/**
 * Which HTML answers a client route (issue 33). The build pre-rendered the public pages (/login,
 * /sign-up, …) and a guest's not-found page with their critical CSS, and the signed-in app frame
 * (top bar and skeleton; for a page whose heading is fixed text, with that heading) that the
 * session guard draws while GET /user is on its way. Each file is
 * exactly the browser's first render for that case, so it hydrates without a mismatch: a path
 * behind the guard gets the frame only with the session hint cookie, an unknown path gets the
 * not-found page (or, signed in, the frame, which the guard fills); the rest get index.html and
 * render in the browser. Paths match as React Router's do: any case, a trailing slash ignored.
 */
export function htmlForRoute(webDist: string): (urlPath: string, signedIn: boolean, query?: URLSearchParams) => string {
  const index = readIndex(webDist);
  if (!index) return () => 'index.html';
  // By the route the path matched, as the router picks it: /project/new is not a workspace.
  const workspaceRoutes = new Set((index.workspaceShell?.routes ?? []).map((r) => r.path.toLowerCase()));
  const pages = new Map(Object.entries(index.pages).map(([p, f]) => [p.toLowerCase(), f]));
  const routes = index.routes
    .filter((r) => r.path !== '*')
    .map((r) => ({ ...r, path: r.path.toLowerCase(), matches: patternMatcher(r.path.toLowerCase()) }));
  return (urlPath, signedIn, query) => {
    const p = urlPath.length > 1 ? urlPath.toLowerCase().replace(/\/+$/, '') : urlPath;
    const page = pages.get(p);
    if (page) return !page.needs || query?.get(page.needs) ? page.file : 'index.html';
    const route = routes.find((r) => r.path === p) ?? routes.find((r) => r.matches(p));
    if (!route) return signedIn ? index.signedInShell : index.notFound;
    if (!route.guarded || !signedIn) return 'index.html';
    if (index.workspaceShell && workspaceRoutes.has(route.path)) return index.workspaceShell.file;
    return index.signedInShells?.[p] ?? index.signedInShell;
  };
}

/** The project a workspace address names (its parameter as written, decoded), or null for any other. */
export function workspaceRef(webDist: string): (urlPath: string) => ProjectRef | null {
  const routes = (readIndex(webDist)?.workspaceShell?.routes ?? []).map((r) => ({
    matches: patternMatcher(r.path.toLowerCase()),
    at: r.path.split('/').findIndex((seg) => seg.startsWith(':')),
    ref: r.ref,
  }));
  return (urlPath) => {
    const p = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const route = routes.find((r) => r.matches(p.toLowerCase()));
    if (!route) return null;
    let value: string;
    try {
      value = decodeURIComponent(p.split('/')[route.at]);
    } catch {
      return null;
    }
    return route.ref === 'id' ? { id: value } : { handle: value };
  };
}

/**
 * The workspace frame's HTML with `name` as the text of its slot element (escaped), cut once
 * around the slot; null when the build's frame has no empty slot to fill.
 */
export function workspaceFrameFiller(webDist: string): ((name: string) => string) | null {
  const shell = readIndex(webDist)?.workspaceShell;
  if (!shell) return null;
  const html = readFileSync(path.join(webDist, shell.file), 'utf8');
  const slot = new RegExp(`<[a-z0-9]+ [^>]*data-slot="${shell.slot}"[^>]*>(?=</)`).exec(html);
  if (!slot) return null;
  const cut = slot.index + slot[0].length;
  const [before, after] = [html.slice(0, cut), html.slice(cut)];
  return (name) => before + escapeHtml(name) + after;
}

/**
 * A page made for one request, compressed as the build compresses its files (brotli, else gzip):
 * the frame is ~40 KB of HTML, a slow phone network's quarter second uncompressed.
 */
function sendCompressedHtml(req: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'Cookie, Accept-Encoding');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/**
 * The CSP hashes of each HTML file's inline scripts (the pre-rendered pages carry MUI's colour
 * scheme script, which must run before the first paint): `script-src` stays 'self' plus exactly
 * these, never 'unsafe-inline'.
 */
function inlineScriptHashes(webDist: string, file: string): string[] {
  const html = readFileSync(path.join(webDist, file), 'utf8');
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );
}

/** The CSP with `hashes` added to its script-src (unchanged when there are none). */
export function withScriptHashes(csp: string, hashes: string[]): string {
  if (!hashes.length) return csp;
  return csp.replace(
    /(^|;)(\s*script-src\s[^;]*)/,
    (_m, sep: string, directive: string) => `${sep}${directive} ${hashes.join(' ')}`,
  );
}

export const staticPlugin = fp(
  /** `projectName`: who may see which project's name in the workspace frame (app.ts); without it the frame goes out as built. */
  async (app: FastifyInstance, opts: { webDist: string; projectName?: ProjectNameLookup }) => {
    const index = path.join(opts.webDist, 'index.html');
    if (!existsSync(index)) {
      app.log.warn({ webDist: opts.webDist }, 'web build not found; serving the API only');
      return;
    }
    const preloadFor = routePreloadHeaders(opts.webDist);
    const htmlFor = htmlForRoute(opts.webDist);
    const workspaceFile = readIndex(opts.webDist)?.workspaceShell?.file;
    const projectRef = workspaceRef(opts.webDist);
    const fillWorkspaceFrame = workspaceFrameFiller(opts.webDist);
    const scriptHashes = new Map<string, string[]>();
    const hashesOf = (file: string) => {
      let hashes = scriptHashes.get(file);
      if (!hashes) {
        hashes = inlineScriptHashes(opts.webDist, file);
        scriptHashes.set(file, hashes);
      }
      return hashes;
    };
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies (apps/web/vite.config.ts): sent when accepted.
      preCompressed: true,
      // @fastify/static hands the Fastify reply to setHeaders.
      setHeaders(reply: { header: (k: string, v: string) => void }, filePath: string) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', { schema: { hide: true } }, async (req, reply) => {
      const url = req.url.split('?')[0];
      if (url.startsWith('/api/') || url.startsWith('/assets/')) {
        return reply.status(404).send({ msg: `Route GET ${url} not found`, error: 'Not Found' });
      }
      const candidate = path.join(opts.webDist, path.normalize(url));
      if (
        url !== '/' &&
        candidate.startsWith(opts.webDist) &&
        statSync(candidate, { throwIfNoEntry: false })?.isFile()
      ) {
        return reply.sendFile(path.relative(opts.webDist, candidate));
      }
      reply.header('cache-control', 'no-cache');
      // The page differs with the session hint (htmlForRoute): a cache must not hand one to the other.
      reply.header('vary', 'Cookie');
      const preload = preloadFor(url);
      if (preload) reply.header('link', preload);
      const query = new URLSearchParams(req.url.slice(url.length + 1));
      const file = htmlFor(url, Boolean(req.cookies?.[SESSION_HINT_COOKIE]), query);
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', withScriptHashes(csp, hashesOf(file)));
      if (file === workspaceFile && fillWorkspaceFrame && opts.projectName) {
        const ref = projectRef(url);
        const name = ref && (await opts.projectName(req, ref));
        if (name) return sendCompressedHtml(req, reply, fillWorkspaceFrame(name));
      }
      return reply.type('text/html').sendFile(file);
    });
    // A pre-rendered form sent by the browser itself, before the page's script took it over (the
    // build gives those forms method="post", apps/web/build/prerender.ts): back to the page by
    // GET, as a reload would, not a 404 or a 415 for a form body nobody reads. Its fields (a typed
    // password) are drained unread. Scoped, so no other route accepts form bodies.
    await app.register(async (pages) => {
      pages.addContentTypeParser('application/x-www-form-urlencoded', (_req, body, done) => {
        body.resume();
        body.on('end', () => done(null, undefined));
      });
      pages.post('/*', { schema: { hide: true } }, async (req, reply) => {
        if (req.url.startsWith('/api/')) return reply.callNotFound();
        // Only a path of this site: '//host/…' (or '/\\host') would send the browser elsewhere.
        return reply.redirect(/^\/(?![/\\])/.test(req.url) ? req.url : '/', 303);
      });
    });
  },
  // The session hint cookie picks the page: the app registers @fastify/cookie before this plugin.
  { name: 'static', dependencies: ['@fastify/cookie'] },
);
