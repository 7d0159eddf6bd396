import { z } from 'zod';
import { idSchema, isoDate, MSG, requiredString, tagListSchema, text } from './common';
import { APPLICATION_MESSAGE_MAX, PROJECT_MSG } from './project-texts';
import { ratingSchema } from './reviews';

/** Shared shapes of the projects domain (spec §3). Request bodies and list shapes live here too. */
export const PROJECT_VISIBILITIES = ['Public', 'Private'] as const;
export const projectVisibilitySchema = z.enum(PROJECT_VISIBILITIES);
export const PROJECT_ROLES = ['Owner', 'Admin'] as const;

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

/**
 * GET /projects/owned?candidate={userId}: the owner's projects, each saying whether that person is
 * already on it ('member') or has an invite waiting ('invited'), so the Invite dialog offers only
 * what can be done (issue 28). Without `candidate`, `candidate` is null everywhere.
 */
export const ownedProjectsQuery = z.object({ candidate: z.string().uuid().optional() });
export const ownedProjectSchema = projectSchema.extend({ candidate: z.enum(['member', 'invited']).nullable() });
export type OwnedProject = z.infer<typeof ownedProjectSchema>;

/** What a client's record looks like to a developer choosing work (DESIGN §11). */
export const clientStandingSchema = z.object({
  /** Shown reviews of the client written by developers they paid. */
  rating: ratingSchema,
  /** Paid out on tasks, USDT. */
  totalSpent: z.string(),
  /** Paid tasks (each a hire). */
  hires: z.number().int(),
  location: z.string().nullable(),
});
export type ClientStanding = z.infer<typeof clientStandingSchema>;

/** A project as a card shows it: the project and what a developer chooses by. */
export const projectListingSchema = projectSchema.extend({
  /** Plain text of the description (markdown stripped), for the card. */
  excerpt: z.string(),
  /** Sum of the prices of its open (unassigned) priced tasks, USDT. */
  budget: z.string(),
  applicants: z.number().int(),
  client: clientStandingSchema,
});
export type ProjectListing = z.infer<typeof projectListingSchema>;

export const PROJECT_SORTS = ['newest', 'budget'] as const;
export const projectSortSchema = z.enum(PROJECT_SORTS);
export type ProjectSort = z.infer<typeof projectSortSchema>;

/** A page of plain projects (staff console). */
export const projectListSchema = z.object({ projects: z.array(projectSchema), pages: z.number().int() });
/** A page of the public Featured / Public / Verified lists: cards. */
export const projectListingPageSchema = z.object({ projects: z.array(projectListingSchema), pages: z.number().int() });
export type ProjectListingPage = z.infer<typeof projectListingPageSchema>;
export type ProjectList = z.infer<typeof projectListSchema>;

export const createProjectBody = z.object({
  name: requiredString(120),
  description: requiredString(20_000),
  company: requiredString(120),
  visibility: projectVisibilitySchema.optional(),
  /** Open tags (DESIGN §19): "React,Solidity" or ["React", "Solidity"]. */
  tags: tagListSchema.optional(),
});
export type CreateProjectBody = z.infer<typeof createProjectBody>;

/** Projects per page of the Featured / Public / Verified lists (pages start at 1, spec §9). */
export const PROJECTS_PAGE_SIZE = 12;
/** Most results a search answers with (ranked best first). */
export const PROJECT_SEARCH_LIMIT = 48;

/** Query of the listing calls: the page and an optional tag filter ("React,Node"). */
export const projectListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Absent: the list's own order (featured, verified or created). */
  sort: projectSortSchema.optional(),
  tags: tagListSchema.optional().default([]),
});

export const searchProjectsBody = z.object({
  query: text().trim().max(200, 'Must be at most 200 characters').default(''),
  tags: tagListSchema.optional(),
  /** Absent: best match first. */
  sort: projectSortSchema.optional(),
});
export type SearchProjectsBody = z.input<typeof searchProjectsBody>;

/** POST /projects/{id}: the project object; only these fields change (the handle never does). */
export const updateProjectBody = z.object({
  name: requiredString(120),
  description: requiredString(20_000),
  company: requiredString(120),
  visibility: projectVisibilitySchema.optional(),
  tags: tagListSchema.optional(),
});
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;

/** GET /projects/{id}/details: what the details page shows (DESIGN §3). */
export const projectDetailsSchema = projectSchema.extend({
  /** The owner's location text. */
  location: z.string().nullable(),
  /** Completed tasks of the project (the "reviews" count). */
  completedTasks: z.number().int(),
  /** Paid out on completed tasks of this project, USDT (the page shows the client's total instead). */
  totalSpent: z.string(),
  /** Sum of the prices of its open (unassigned) priced tasks, USDT: the listing card's budget. */
  budget: z.string(),
  /** Its open (unassigned) tasks, priced or not: what a developer could still take on. */
  openTasks: z.number().int(),
  tagList: z.array(z.string()),
  owner: memberUserSchema,
  /** The owner's record as a client across all their projects. */
  client: clientStandingSchema,
  /** The viewer's relation to it: null for a guest. */
  viewer: z
    .object({ isMember: z.boolean(), isOwner: z.boolean(), hasApplied: z.boolean(), hasInvite: z.boolean() })
    .nullable(),
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

export const applyBody = z.object({
  message: text({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(APPLICATION_MESSAGE_MAX, PROJECT_MSG.applicationTooLong),
});
export type ApplyBody = z.infer<typeof applyBody>;

export const applicationSchema = z.object({
  id: z.string(),
  projectID: z.string(),
  userID: z.string(),
  message: z.string(),
  createdAt: isoDate,
  user: memberUserSchema,
});
export type Application = z.infer<typeof applicationSchema>;

export const hasAppliedResponse = z.object({ hasApplied: z.boolean() });
export const hasInviteResponse = z.object({ hasInvite: z.boolean(), messageID: z.string().nullable() });

export const inviteBody = z.object({ userID: idSchema });
export type InviteBody = z.infer<typeof inviteBody>;
/** 'invited': an invite waits for the user; 'added': an applicant joined at once (DESIGN §4). */
export const inviteResponse = z.object({ status: z.enum(['invited', 'added']), messageID: z.string().nullable() });

export const inviteSchema = z.object({
  id: z.string(),
  userID: z.string(),
  projectID: z.string(),
  createdAt: isoDate,
  User: memberUserSchema,
});
export type Invite = z.infer<typeof inviteSchema>;

export const acceptInviteResponse = z.object({ projectID: z.string(), handle: z.string() });

/** Staff console: every project with its flags; POST verify / feature set or clear them. */
export const adminProjectsQuery = z.object({
  query: text().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const setVerifiedBody = z.object({ verified: z.boolean().default(true) }).default({ verified: true });
export const setFeaturedBody = z.object({ featured: z.boolean().default(true) }).default({ featured: true });
