/** Personal access tokens (DESIGN §16): the public face of the module. */
export { refusesTokens, scopeAllows, TOKEN_FORBIDDEN_PATHS, TOKEN_MSG, tokenForbiddenPath } from './token-policy';
export { authenticateApiToken, isApiToken, newApiToken } from './tokens.service';
export { tokensRoutes } from './tokens.routes';
