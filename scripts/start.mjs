import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './build-web-if-stale.mjs';

// `npm start`: build the web app when needed, then run the server (it migrates at start).
// Production unless told otherwise: answers skip the zod re-check (apps/server/src/lib/response-serializer.ts).
process.env.NODE_ENV ??= 'production';
buildWebIfStale();
register();
await import('../apps/server/src/server.ts');
