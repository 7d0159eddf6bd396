import { randomInt } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiToken, type CreatedApiToken, type createApiTokenBody } from '@devmarket/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { TOKEN_MSG } from './token-policy';
import { type ApiTokenRow, tokensRepo } from './tokens.repo';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_RE = /^dm_pat_[A-Za-z0-9]{40}$/;

/** `dm_pat_` and 40 letters and digits (~238 random bits; randomInt is unbiased). */
export function newApiToken(): string {
  let out = API_TOKEN_PREFIX;
  for (let i = 0; i < 40; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Whether a credential is meant as a personal access token (then it is judged as one only). */
export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

const toApiToken = (r: ApiTokenRow): ApiToken => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

/** POST /user/tokens: the only time the token is shown; only its hash is kept. */
export async function createApiToken(
  ctx: AppContext,
  user: { id: string },
  body: z.output<typeof createApiTokenBody>,
): Promise<CreatedApiToken> {
  const token = newApiToken();
  const now = ctx.now();
  const row = await tokensRepo.insert(ctx.db, {
    userId: user.id,
    name: body.name,
    scope: body.scope,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + body.expiresInDays * 86_400_000),
  });
  const { lastUsedAt: _unused, ...shown } = toApiToken(row);
  return { ...shown, token };
}

export async function listApiTokens(ctx: AppContext, user: { id: string }): Promise<ApiToken[]> {
  return (await tokensRepo.listForUser(ctx.db, user.id)).map(toApiToken);
}

/** DELETE /user/tokens/{id}: refused from the next request on. Another user's token: 404. */
export async function revokeApiToken(ctx: AppContext, user: { id: string }, id: string): Promise<void> {
  if (!(await tokensRepo.revoke(ctx.db, user.id, id, ctx.now()))) throw notFound('Token not found');
}

/**
 * The user and scope of a personal access token, or 401 (unknown, revoked, expired by the
 * context's clock). Records the use at most once a minute.
 */
export async function authenticateApiToken(
  ctx: AppContext,
  token: string,
): Promise<{ user: UserRow; tokenId: string; scope: 'read' | 'write' }> {
  const found = TOKEN_RE.test(token) ? await tokensRepo.lookup(ctx.db, hashToken(token)) : null;
  if (!found) throw new AppError('UNAUTHENTICATED', TOKEN_MSG.invalid);
  const now = ctx.now();
  if (found.token.expiresAt.getTime() <= now.getTime()) throw new AppError('UNAUTHENTICATED', TOKEN_MSG.expired);
  const last = found.token.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - last >= 60_000) await tokensRepo.touch(ctx.db, found.token.id, now);
  return { user: found.user, tokenId: found.token.id, scope: found.token.scope };
}
