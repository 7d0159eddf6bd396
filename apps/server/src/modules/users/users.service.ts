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
import { toMe, toPublicUser } from './users.mapper';
import { type UserPatch, usersRepo } from './users.repo';

export async function getMe(ctx: Pick<AppContext, 'db'>, user: UserRow): Promise<Me> {
  const [rep, money] = await Promise.all([reputationOf(ctx.db, user.id), getMoneySummary(ctx.db, user.id)]);
  return toMe(user, rep, money);
}

async function reputationOf(exec: Executor, userId: string) {
  return (await reputationRepo.reputationOf(exec, [userId])).get(userId) as UserReputation;
}

/** Public user objects carry the rating and endorsements of their shown reviews (DESIGN §11). */
export async function toPublicUsers(exec: Executor, rows: UserRow[]): Promise<PublicUser[]> {
  const reps = await reputationRepo.reputationOf(
    exec,
    rows.map((u) => u.id),
  );
  return rows.map((u) => toPublicUser(u, reps.get(u.id) as UserReputation));
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
  return toPublicUser(u, await reputationOf(ctx.db, u.id));
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
  return toPublicUser(u, await reputationOf(ctx.db, u.id));
}

export async function searchTalent(
  ctx: AppContext,
  opts: { query?: string; tags?: string[]; location?: string; page: number },
) {
  const { rows, pages } = await usersRepo.searchTalent(ctx.db, opts);
  return { users: await toPublicUsers(ctx.db, rows), pages };
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
