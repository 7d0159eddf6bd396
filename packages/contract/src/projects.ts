import { z } from 'zod';
import { isoDate, optionalString, requiredString } from './common';

/** Shared shapes of the projects domain (spec §3). Request bodies and list shapes live here too. */
export const PROJECT_VISIBILITIES = ['Public', 'Private'] as const;
export const projectVisibilitySchema = z.enum(PROJECT_VISIBILITIES);
export const PROJECT_ROLES = ['Owner', 'Admin'] as const;
export const APPLICATION_MESSAGE_MAX = 400;

/** The embedded user of a project member, an invite or an application. */
export const memberUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  image: z.string().nullable(),
  imageURL: z.string().nullable(),
  username: z.string().nullable(),
});
export type MemberUser = z.infer<typeof memberUserSchema>;

export const projectUserSchema = z.object({
  userID: z.string(),
  role: z.enum(PROJECT_ROLES),
  user: memberUserSchema,
});
export type ProjectUser = z.infer<typeof projectUserSchema>;

/** A project as listed and as loaded (without its tasks; the board loads those separately). */
export const projectSchema = z.object({
  id: z.string(),
  handle: z.string(),
  key: z.string(),
  name: z.string(),
  company: z.string(),
  description: z.string(),
  shortDescription: z.string(),
  image: z.string().nullable(),
  tags: z.string(),
  ownerID: z.string(),
  visibility: projectVisibilitySchema,
  /** When staff verified the project, or null. */
  verified: isoDate.nullable(),
  featured: isoDate.nullable(),
  cachedTotalSpent: z.string(),
  cachedTotalReviews: z.number().int(),
  createdAt: isoDate,
});
export type Project = z.infer<typeof projectSchema>;

/** GET /projects/{handle} and /projects/id/{id}: the project with its members. */
export const projectWithUsersSchema = projectSchema.extend({ users: z.array(projectUserSchema) });
export type ProjectWithUsers = z.infer<typeof projectWithUsersSchema>;

export const projectListSchema = z.object({ projects: z.array(projectSchema), pages: z.number().int() });
export type ProjectList = z.infer<typeof projectListSchema>;

export const createProjectBody = z.object({
  name: requiredString(120),
  description: requiredString(20_000),
  company: requiredString(120),
  visibility: projectVisibilitySchema.optional(),
  tags: optionalString(500).optional(),
});
export type CreateProjectBody = z.infer<typeof createProjectBody>;
