import { setupPglite } from './global-setup';

export default setupPglite;
