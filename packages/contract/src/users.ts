import { z } from 'zod';
import { meSecurityShape } from './security';
import { PASSWORD_MAX, passwordSchema, userTypeSchema } from './auth';
import { isoDate, MSG, optionalString, requiredString, tagListSchema, text } from './common';
import { ratingSchema } from './reviews';

export const USERNAME_RE = /^[a-z0-9_-]{3,30}$/;
export const usernameSchema = text({ error: MSG.required })
  .trim()
  .toLowerCase()
  .min(1, MSG.required)
  .regex(USERNAME_RE, 'Use 3 to 30 of a–z, 0–9, - and _');
export const USERNAME_TAKEN = 'This username is taken';

const GITHUB_URL_RE = /^(?:https?:\/\/)?(?:www\.)?github\.com\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/?$/i;
const GITHUB_NAME_RE = /^@?([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))$/;
const LINKEDIN_URL_RE = /^(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(in|pub)\/([A-Za-z0-9\-_%.]{2,100})\/?$/i;
const LINKEDIN_NAME_RE = /^([A-Za-z0-9\-_]{3,100})$/;
export const GITHUB_INVALID = 'Enter your GitHub profile URL or username';
export const LINKEDIN_INVALID = 'Enter your LinkedIn profile URL';

/** Normalises a GitHub profile to https://github.com/<name>, or null when it is not one. */
export function normalizeGithub(value: string): string | null {
  const v = value.trim();
  const m = GITHUB_URL_RE.exec(v) ?? GITHUB_NAME_RE.exec(v);
  return m ? `https://github.com/${m[1]}` : null;
}

/** Normalises a LinkedIn profile to https://www.linkedin.com/in/<name>, or null when it is not one. */
export function normalizeLinkedin(value: string): string | null {
  const v = value.trim();
  const url = LINKEDIN_URL_RE.exec(v);
  if (url) return `https://www.linkedin.com/${url[1].toLowerCase()}/${url[2]}`;
  const name = LINKEDIN_NAME_RE.exec(v);
  return name ? `https://www.linkedin.com/in/${name[1]}` : null;
}

/** An optional link: blank reads as null; anything else must normalise. */
const linkString = (normalize: (v: string) => string | null, message: string) =>
  text()
    .trim()
    .max(300, 'Must be at most 300 characters')
    .transform((v, ctx): string | null => {
      if (!v) return null;
      const n = normalize(v);
      if (!n) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
const githubString = linkString(normalizeGithub, GITHUB_INVALID);
const linkedinString = linkString(normalizeLinkedin, LINKEDIN_INVALID);
export const githubSchema = githubString.nullable();
export const linkedinSchema = linkedinString.nullable();

export const endorsementSchema = z.object({ tag: z.string(), count: z.number().int() });

export const REVIEW_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

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
  /**
   * DESIGN §19: when staff approved this developer after checking identity, skills and experience
   * (the profile's "Verified on 25 Nov 2026"); null for everyone else.
   */
  verifiedAt: isoDate.nullable(),
  cachedTasksCompleted: z.number().int(),
  /** Counted from the tags of shown reviews (DESIGN §11). */
  endorsements: z.array(endorsementSchema),
  /** Shown reviews of this user (DESIGN §11). */
  rating: ratingSchema,
  /** Tasks this user was paid for (completion, auto-release or a dispute's release or split). */
  completedPaidTasks: z.number().int(),
  /** Picked by staff for the talent page's featured spots. */
  featured: z.boolean(),
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
  ...meSecurityShape,
});
export type Me = z.infer<typeof meSchema>;

/** POST /user: any subset of the user's own fields (account form, onboarding profile and links). */
export const updateUserBody = z.object({
  firstName: requiredString(100).optional(),
  lastName: requiredString(100).optional(),
  location: optionalString(120).nullable().optional(),
  timezone: optionalString(64).nullable().optional(),
  title: optionalString(120).nullable().optional(),
  tags: tagListSchema.optional(),
  about: optionalString(2000).nullable().optional(),
  description: optionalString(2000).nullable().optional(),
  username: usernameSchema.optional(),
  github: githubSchema.optional(),
  linkedin: linkedinSchema.optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** Onboarding profile step (spec §5: username, title and About required). */
export const onboardingProfileForm = z.object({
  username: usernameSchema,
  title: requiredString(120),
  about: requiredString(2000),
});
export type OnboardingProfileForm = z.input<typeof onboardingProfileForm>;

/** Onboarding links step (spec §5: GitHub required, LinkedIn optional). */
export const onboardingLinksForm = z.object({
  github: text().trim().min(1, MSG.required).pipe(githubString),
  linkedin: text().pipe(linkedinString),
});
export type OnboardingLinksForm = z.input<typeof onboardingLinksForm>;

/** Account details form: first and last name read 'Required.' when empty (spec §5). */
export const accountDetailsForm = z.object({
  firstName: text().trim().min(1, MSG.requiredShort).max(100, 'Must be at most 100 characters'),
  lastName: text().trim().min(1, MSG.requiredShort).max(100, 'Must be at most 100 characters'),
  location: optionalString(120),
  timezone: optionalString(64),
  title: optionalString(120),
  tags: tagListSchema,
  about: optionalString(2000),
});
export type AccountDetailsForm = z.input<typeof accountDetailsForm>;

export const PROFILE_MAX = 20_000;
export const updateProfileBody = z.object({
  profile: text({ error: MSG.required }).max(PROFILE_MAX, `Must be at most ${PROFILE_MAX} characters`),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const updatePasswordBody = z.object({
  password: text({ error: MSG.required }).min(1, MSG.required).max(PASSWORD_MAX),
  newPassword: passwordSchema,
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

/** Avatar upload (POST /user/image, multipart field `image`). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const TALENT_PAGE_SIZE = 12;
export const TALENT_QUICK_TAGS_MAX = 20;
export const talentQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const talentSearchBody = z.object({
  query: text().trim().max(200, 'Must be at most 200 characters').default(''),
  tags: tagListSchema.default([]),
  /** Words of a place ("Karachi", "Pakistan"), matched against the developer's location. */
  location: text().trim().max(120, 'Must be at most 120 characters').default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TalentSearchBody = z.input<typeof talentSearchBody>;
export const talentListSchema = z.object({ users: z.array(publicUserSchema), pages: z.number().int() });
export type TalentList = z.infer<typeof talentListSchema>;

export const usernameParams = z.object({ username: text().min(1).max(60) });
