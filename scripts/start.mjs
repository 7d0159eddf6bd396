import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './build-web-if-stale.mjs';

// `npm start`: build the web app when needed, then run the server (it migrates at start).
buildWebIfStale();
register();
await import('../apps/server/src/server.ts');
