/**
 * Where a personal access token may be used (DESIGN §16), declared in one place so that routes
 * added later under these paths are covered without touching them. A token never moves money,
 * never touches the account's security, and never calls staff routes, whatever its scope; a read
 * token only reads (GET, HEAD). A route outside these paths may also refuse tokens with
 * `config: { tokens: 'forbidden' }`.
 */
export const TOKEN_FORBIDDEN_PATHS = [
  // signing in and out, the cookie exchange, password reset
  '/auth',
  // money
  '/user/deposit',
  '/user/withdraw',
  '/transactions/:id/cancel',
  '/payments',
  // the account's security
  '/user/update-password',
  '/user/2fa',
  '/user/sessions',
  '/user/tokens',
  '/user/withdrawal-addresses',
  '/user/withdrawal-settings',
  // staff
  '/admin',
  // the browsers' event stream (integrations use webhooks)
  '/events',
] as const;

export const TOKEN_MSG = {
  forbidden: 'API tokens cannot be used for this; sign in to the web app',
  readOnly: 'This API token is read-only',
  expired: 'This API token has expired',
  invalid: 'This API token is not valid or was revoked',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'forbidden'`: personal access tokens are refused (403) here, as on TOKEN_FORBIDDEN_PATHS. */
    tokens?: 'forbidden';
  }
}

/** Whether a route (its pattern under /api/v1, e.g. `/transactions/:id/cancel`) refuses every token. */
export function tokenForbiddenPath(path: string): boolean {
  return TOKEN_FORBIDDEN_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** What a token of any scope may not call: the paths above, routes that say so, staff routes. */
export function refusesTokens(path: string, config: { tokens?: 'forbidden'; auth?: string } | undefined): boolean {
  return tokenForbiddenPath(path) || config?.tokens === 'forbidden' || config?.auth === 'staff';
}

/** What a token of this scope may do with this method (a read token: GET and HEAD only). */
export function scopeAllows(scope: 'read' | 'write', method: string): boolean {
  return scope === 'write' || method === 'GET' || method === 'HEAD';
}
