import { z } from 'zod';

/** Texts shared by the web forms and the server's 422 answers (spec §5). */
export const MSG = {
  required: 'This field is required.',
  email: 'Must be valid email',
  requiredShort: 'Required.',
  serverError: 'Server error, please try again later',
  unauthorized: 'Unauthorized',
  notFound: 'Not found',
} as const;

/** Spec §9 tag list. */
export const TAGS = [
  'Vue',
  'React',
  'Node',
  'Express',
  'MongoDB',
  'PostgreSQL',
  'MySQL',
  'Docker',
  'Kubernetes',
  'AWS',
  'Azure',
  'GCP',
] as const;
export const tagSchema = z.enum(TAGS);
export type Tag = z.infer<typeof tagSchema>;

/** Error body of every non-2xx answer (DESIGN §3). */
export const errorBodySchema = z.object({
  msg: z.string(),
  error: z.string(),
  code: z.number().int().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes with a meaning of their own (spec §8). */
export const ERROR_CODES = { alreadyApplied: 10424 } as const;

/** A non-empty trimmed string; missing, null and blank all read 'This field is required.' */
export const requiredString = (max = 10_000) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, `Must be at most ${max} characters`);

export const optionalString = (max = 10_000) => z.string().trim().max(max, `Must be at most ${max} characters`);

export const idSchema = z.string().uuid();
export const idParams = z.object({ id: idSchema });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const okSchema = z.object({ ok: z.literal(true) });

/** ISO 8601 timestamp in UTC. */
export const isoDate = z.string();
