import type { UserRow } from '../../db/schema/index';

/** DESIGN §4: a client is verified by e-mail; a developer also needs staff approval. */
export function isVerified(u: Pick<UserRow, 'emailVerifiedAt' | 'type' | 'reviewStatus' | 'isStaff'>): boolean {
  if (u.isStaff) return true;
  if (!u.emailVerifiedAt) return false;
  return u.type === 'Client' || u.reviewStatus === 'approved';
}
