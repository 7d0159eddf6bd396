import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './build-web-if-stale.mjs';

// The e2e suite's server: the production build on a throw-away DATA_DIR, plus a staff account.
buildWebIfStale();
register();
await import('../apps/server/src/server.ts');
