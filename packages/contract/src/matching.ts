import { z } from 'zod';
import { projectListingSchema } from './projects';
import { publicUserSchema } from './users';

/** DESIGN §17 matching: who fits a project, which projects fit a developer. */
export const RECOMMENDATIONS_DEFAULT = 10;
export const RECOMMENDATIONS_MAX = 20;
/** How many developers a new public project's `project.matched` notification reaches. */
export const MATCHED_NOTIFY_MAX = 20;
/** A developer gets at most one `project.matched` in this many hours. */
export const MATCHED_NOTIFY_HOURS = 24;

/** `?limit=` of both calls: 1–20, default 10. */
export const recommendationsQuery = z.object({
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(RECOMMENDATIONS_MAX, `Must be at most ${RECOMMENDATIONS_MAX}`)
    .default(RECOMMENDATIONS_DEFAULT),
});
export type RecommendationsQuery = z.input<typeof recommendationsQuery>;

/** GET /projects/{id}/recommended-talent: best first. */
export const recommendedTalentSchema = z.object({
  user: publicUserSchema,
  /** The project's tags the developer has, in the project's spelling. */
  matchedTags: z.array(z.string()),
  /** The count of matched tags (the first key of the ranking). */
  score: z.number().int(),
});
export type RecommendedTalent = z.infer<typeof recommendedTalentSchema>;
export const recommendedTalentListSchema = z.array(recommendedTalentSchema);

/** GET /projects/recommended: best first. */
export const recommendedProjectSchema = z.object({
  project: projectListingSchema,
  /** The developer's tags the project has, in the project's spelling. */
  matchedTags: z.array(z.string()),
});
export type RecommendedProject = z.infer<typeof recommendedProjectSchema>;
export const recommendedProjectListSchema = z.array(recommendedProjectSchema);

export const MATCHING_MSG = {
  talentHeading: 'Recommended for this project',
  talentEmptyNoTags:
    'Add tags to this project (in Settings) to get recommendations: developers whose skills match them appear here.',
  talentEmpty: 'No other approved developers match this project’s tags yet. Adding more tags widens the search.',
  projectsHeading: 'Projects for you',
  projectsEmptyNoTags: 'Add your skills as tags on your profile to see projects that need them.',
  projectsEmpty: 'No open projects match your tags right now. Adding more tags to your profile widens the search.',
  developersOnly: 'Only developers get project recommendations',
} as const;
