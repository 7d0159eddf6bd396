import { z } from 'zod';
import { isoDate, requiredString, optionalString, tagSchema } from './common';
import { userTypeSchema } from './auth';

export const USERNAME_RE = /^[a-z0-9_-]{3,30}$/;
export const usernameSchema = z.string().trim().toLowerCase().regex(USERNAME_RE, 'Use 3 to 30 of a–z, 0–9, - and _');

export const endorsementSchema = z.object({ tag: z.string(), count: z.number().int() });

export const REVIEW_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);

/** What anyone may see of a user. */
export const publicUserSchema = z.object({
  id: z.string(),
  type: userTypeSchema,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  timezone: z.string().nullable(),
  tags: z.array(z.string()),
  about: z.string().nullable(),
  profile: z.string().nullable(),
  image: z.string().nullable(),
  imageURL: z.string().nullable(),
  verified: z.boolean(),
  cachedTasksCompleted: z.number().int(),
  endorsements: z.array(endorsementSchema),
  github: z.string().nullable(),
  linkedin: z.string().nullable(),
  createdAt: isoDate,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** What the signed-in user sees of themself. */
export const meSchema = publicUserSchema.extend({
  email: z.string(),
  emailVerified: z.boolean(),
  tos: z.boolean(),
  isStaff: z.boolean(),
  reviewStatus: reviewStatusSchema,
  cachedBalance: z.string(),
  pendingTransactionID: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const updateUserBody = z.object({
  firstName: requiredString(100).optional(),
  lastName: requiredString(100).optional(),
  location: optionalString(120).nullable().optional(),
  timezone: optionalString(64).nullable().optional(),
  title: optionalString(120).nullable().optional(),
  tags: z.array(tagSchema).max(12).optional(),
  about: optionalString(2000).nullable().optional(),
  description: optionalString(2000).nullable().optional(),
  username: usernameSchema.optional(),
  github: optionalString(300).nullable().optional(),
  linkedin: optionalString(300).nullable().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;
