import { z } from 'zod';
import { MSG, normaliseTagList, TAG_MSG } from './constants';

export { ERROR_CODES, MSG, TAGS } from './constants';

/** Error body of every non-2xx answer (DESIGN §3). */
export const errorBodySchema = z.object({
  msg: z.string(),
  error: z.string(),
  code: z.number().int().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * True when PostgreSQL can store the text: no U+0000 and no UTF-16 surrogate without its partner
 * (a lone surrogate has no UTF-8 encoding). A loop, not a regex: it runs on every input string.
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/**
 * The one string primitive of every body and query schema (DESIGN §9): `z.string()` that refuses
 * U+0000 and lone surrogates with 'Invalid characters' on its field, before any other check.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: MSG.invalidCharacters, abort: true });

/** A non-empty trimmed string; missing, null and blank all read 'This field is required.' */
export const requiredString = (max = 10_000) =>
  text({ error: MSG.required }).trim().min(1, MSG.required).max(max, `Must be at most ${max} characters`);

export const optionalString = (max = 10_000) => text().trim().max(max, `Must be at most ${max} characters`);

export const idSchema = z.string().uuid();
export const idParams = z.object({ id: idSchema });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** How many pages `total` rows fill at `pageSize` a page; an empty list still has one (empty) page. */
export const pageCount = (total: number | bigint | string, pageSize: number): number =>
  Math.max(1, Math.ceil(Number(total) / pageSize));

export const okSchema = z.object({ ok: z.literal(true) });

/** ISO 8601 timestamp in UTC. */
export const isoDate = z.string();

/** One open tag (DESIGN §19); text PostgreSQL cannot store is refused first, without echoing it. */
export const tagSchema = text().refine((t) => normaliseTagList([t]).error === null, {
  error: (issue) => normaliseTagList([String(issue.input)]).error ?? TAG_MSG.empty,
});
export type Tag = string;

/**
 * A list of open tags (DESIGN §19), as an array or as the comma-separated text of Project.tags:
 * normalised (normaliseTagList) with one message on the field naming the first bad tag.
 */
export const tagListSchema = z
  .union([z.array(text({ error: TAG_MSG.empty }), { error: 'Must be a list of tags' }), text()], {
    error: 'Must be a list of tags',
  })
  .transform((value, ctx): string[] => {
    const list = Array.isArray(value) ? value : value.split(',').filter((t) => t.trim() !== '');
    const { tags, error } = normaliseTagList(list);
    if (error) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return tags;
  });
