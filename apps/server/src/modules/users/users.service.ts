import type { UserRow } from '../../db/schema/index';
import { type Me, type PublicUser, type updateUserBody, USERNAME_TAKEN } from '@devmarket/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { invalid, notFound } from '../../lib/errors';
import { isVerified } from './users.policy';
import { getMoneySummary } from '../ledger';
import { reputationRepo, type UserReputation } from './reputation.repo';
import { storageFor } from '../../lib/storage';
import { deleteAvatar, openAvatar, storeAvatar } from './avatar';
import { accountSecurityRepo } from './account-security.repo';
import { toMe, toPublicUser } from './users.mapper';
import { type UserPatch, usersRepo } from './users.repo';

/** The account-security fields of GET /user (DESIGN §14). */
export async function securityStateOf(ctx: Pick<AppContext, 'db' | 'now'>, userId: string) {
  const row = await accountSecurityRepo.find(ctx.db, userId);
  const paused = row?.withdrawalsPausedUntil;
  return {
    twoFactorEnabled: Boolean(row?.totpEnabledAt && row.totpSecret),
    withdrawalAllowListOnly: row?.withdrawalAllowListOnly ?? false,
    withdrawalsPausedUntil: paused && paused > ctx.now() ? paused.toISOString() : null,
  };
}

export async function getMe(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, user: UserRow): Promise<Me> {
  const [rep, money, security] = await Promise.all([
    reputationOf(ctx, user.id),
    getMoneySummary(ctx.db, user.id),
    securityStateOf(ctx, user.id),
  ]);
  return toMe(user, rep, money, security);
}

async function reputationOf(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, userId: string) {
  return (await reputationRepo.reputationOf(ctx.db, [userId], ctx.now(), ctx.config.minReputationPrice)).get(
    userId,
  ) as UserReputation;
}

/** Public user objects carry the rating and endorsements of their shown reviews (DESIGN §11). */
export async function toPublicUsers(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  rows: UserRow[],
): Promise<PublicUser[]> {
  const reps = await reputationRepo.reputationOf(
    ctx.db,
    rows.map((u) => u.id),
    ctx.now(),
    ctx.config.minReputationPrice,
  );
  return rows.map((u) => toPublicUser(u, reps.get(u.id) as UserReputation));
}

/** A user's tags (open tags, DESIGN §19), or none. */
export async function tagsOfUser(exec: Executor, id: string): Promise<string[]> {
  return (await usersRepo.findById(exec, id))?.tags ?? [];
}

/** Public user objects of these ids, in the order given (ids not found are left out). */
export async function publicUsersByIds(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  ids: string[],
): Promise<PublicUser[]> {
  const rows = await usersRepo.findByIds(ctx.db, ids);
  const byId = new Map(rows.map((u) => [u.id, u]));
  return toPublicUsers(
    ctx,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/**
 * POST /user: the account form, and the onboarding profile and links steps. A developer whose
 * GitHub link is in and whose e-mail is verified goes to staff review (DESIGN §4).
 */
export async function updateUser(ctx: AppContext, user: UserRow, input: z.output<typeof updateUserBody>): Promise<Me> {
  if (input.username && (await usersRepo.isUsernameTaken(ctx.db, input.username, user.id))) {
    throw invalid({ username: USERNAME_TAKEN });
  }
  const patch: UserPatch = {};
  for (const key of ['firstName', 'lastName', 'username', 'tags'] as const) {
    if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
  }
  for (const key of ['location', 'timezone', 'title', 'about', 'description', 'github', 'linkedin'] as const) {
    // Blank optional text reads as "not set".
    if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key] || null;
  }
  if (input.timezone && !isTimeZone(input.timezone)) throw invalid({ timezone: 'Choose a time zone from the list' });
  const github = patch.github !== undefined ? patch.github : user.github;
  if (
    user.type === 'Developer' &&
    github &&
    user.emailVerifiedAt &&
    (user.reviewStatus === 'none' || user.reviewStatus === 'rejected') &&
    input.github !== undefined
  ) {
    patch.reviewStatus = 'pending';
  }
  if (Object.keys(patch).length === 0) return getMe(ctx, user);
  try {
    return getMe(ctx, await usersRepo.update(ctx.db, user.id, patch));
  } catch (err) {
    // Two requests raced for one username: the unique index decides.
    if (String((err as { cause?: unknown }).cause ?? err).includes('users_username_key')) {
      throw invalid({ username: USERNAME_TAKEN });
    }
    throw err;
  }
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export async function updateProfile(ctx: AppContext, user: UserRow, profile: string): Promise<Me> {
  return getMe(ctx, await usersRepo.update(ctx.db, user.id, { profile: profile.trim() ? profile : null }));
}

export async function getUserById(ctx: AppContext, id: string): Promise<PublicUser> {
  const u = await usersRepo.findById(ctx.db, id);
  if (!u) throw notFound('User not found');
  return toPublicUser(u, await reputationOf(ctx, u.id));
}

/**
 * GET /users/username/{username}: an approved developer's public profile. Anyone else's (a client,
 * a developer still in review) is visible only to themself and to staff.
 */
export async function getUserByUsername(
  ctx: AppContext,
  username: string,
  viewer: UserRow | null,
): Promise<PublicUser> {
  const u = await usersRepo.findByUsername(ctx.db, username);
  const visible = u && ((u.type === 'Developer' && isVerified(u)) || viewer?.id === u.id || viewer?.isStaff);
  if (!u || !visible) throw notFound('Developer not found');
  return toPublicUser(u, await reputationOf(ctx, u.id));
}

export async function searchTalent(
  ctx: AppContext,
  opts: { query?: string; tags?: string[]; location?: string; page: number },
) {
  const { rows, pages } = await usersRepo.searchTalent(ctx.db, opts);
  return { users: await toPublicUsers(ctx, rows), pages };
}

/** POST /user/image: stores the resized avatar, points the user at it, then removes the old one. */
export async function changeAvatar(ctx: AppContext, user: UserRow, image: Buffer): Promise<Me> {
  const storage = storageFor(ctx.config);
  const key = await storeAvatar(storage, image);
  const previous = await setUserImage(ctx, user.id, key);
  await deleteAvatar(storage, previous);
  return getMe(ctx, { ...user, image: key });
}

/** GET /users/images/{file}: the avatar's bytes, or 404. */
export async function openAvatarImage(ctx: AppContext, key: string) {
  const stored = await openAvatar(storageFor(ctx.config), key);
  if (!stored) throw notFound();
  return stored;
}

/** Sets the stored avatar key and returns the previous one (for the caller to delete). */
export async function setUserImage(ctx: AppContext, userId: string, key: string): Promise<string | null> {
  const previous = await usersRepo.imageOf(ctx.db, userId);
  await usersRepo.setImage(ctx.db, userId, key);
  return previous;
}
