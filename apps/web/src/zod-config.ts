/**
 * Zod compiles object parsers with `new Function` when the page allows it, and finds out by
 * trying. Our Content-Security-Policy forbids eval, so the try fails, and the browser reports it
 * as a CSP violation even though zod catches it (Lighthouse's best-practices audit counts it).
 * The web app parses without the compiled fast path: its schemas check forms and small answers.
 *
 * This runs first in main.tsx, before any schema is built. It writes zod's global configuration
 * where zod keeps it (`globalThis.__zod_globalConfig`, shared by every copy of zod) rather than
 * importing zod's `config`, which would move 4 KB of zod into the first load; a test checks
 * that zod reads it. The server keeps the JIT.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
