import type { UserRow } from '../../db/schema/index';
import { formatMoney, type Me, type PublicUser } from '@devmarket/contract';
import { isVerified } from './users.policy';
import type { UserReputation } from './reputation.repo';

/** A stored image key becomes a URL; generated avatars (`__…`) and absolute URLs pass through. */
export function imageUrl(image: string | null): string | null {
  if (!image) return null;
  if (image.startsWith('__') || /^https?:\/\//.test(image)) return image;
  return `/api/v1/users/images/${image}`;
}

/** `rep` comes from the user's shown reviews (reputationRepo.reputationOf). */
export function toPublicUser(u: UserRow, rep: UserReputation): PublicUser {
  return {
    id: u.id,
    type: u.type,
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.username,
    title: u.title,
    description: u.description,
    location: u.location,
    timezone: u.timezone,
    tags: u.tags,
    about: u.about,
    profile: u.profile,
    image: u.image,
    imageURL: imageUrl(u.image),
    verified: isVerified(u),
    verifiedAt: u.type === 'Developer' && u.reviewStatus === 'approved' ? (u.verifiedAt?.toISOString() ?? null) : null,
    // One figure (DESIGN §19): the spec's count shows the earned paid tasks, as completedPaidTasks.
    // The stored counter (every Payment-In) stays for the ledger check.
    cachedTasksCompleted: rep.paidTasks,
    endorsements: rep.endorsements,
    rating: rep.rating,
    completedPaidTasks: rep.paidTasks,
    featured: u.featuredAt !== null,
    github: u.github,
    linkedin: u.linkedin,
    createdAt: u.createdAt.toISOString(),
  };
}

export function toMe(
  u: UserRow,
  rep: UserReputation,
  money: { balance: bigint; pendingTransactionID: string | null },
  security: Pick<Me, 'twoFactorEnabled' | 'withdrawalAllowListOnly' | 'withdrawalsPausedUntil'>,
): Me {
  return {
    ...toPublicUser(u, rep),
    email: u.email,
    emailVerified: Boolean(u.emailVerifiedAt),
    tos: u.tos,
    isStaff: u.isStaff,
    reviewStatus: u.reviewStatus,
    cachedBalance: formatMoney(money.balance),
    pendingTransactionID: money.pendingTransactionID,
    ...security,
  };
}
