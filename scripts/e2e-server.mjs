import { register } from 'tsx/esm/api';
import { prepareE2E } from './e2e-prepare.mjs';

// The e2e suite's server: the production build on a throw-away DATA_DIR, plus a staff account.
prepareE2E();
register();
await import('../apps/server/src/server.ts');
