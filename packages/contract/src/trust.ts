import { z } from 'zod';
import { isoDate, text } from './common';
import { MICROS_PER_USDT, MONEY_DECIMALS } from './money';

/* ---------- Proof of liabilities (DESIGN §15) ---------- */

/** A balance or sum as §15 writes it: a decimal string with exactly 6 fraction digits ("150.000000"). */
export const solvencyAmount = z.string().regex(/^\d+\.\d{6}$/);
/** A SHA-256 digest as 64 lowercase hex digits. */
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** micro-USDT → "150.000000" (§15: every balance and sum with 6 fraction digits). */
export function formatSolvencyAmount(micros: bigint): string {
  if (micros < 0n) throw new Error('A solvency amount is never negative');
  return `${micros / MICROS_PER_USDT}.${(micros % MICROS_PER_USDT).toString().padStart(MONEY_DECIMALS, '0')}`;
}

/** "150.000000" → micro-USDT, exact. */
export function parseSolvencyAmount(value: string): bigint {
  if (!/^\d+\.\d{6}$/.test(value)) throw new Error(`Not a solvency amount: ${value}`);
  const [whole, frac] = value.split('.');
  return BigInt(whole) * MICROS_PER_USDT + BigInt(frac);
}

/** The text hashed for a leaf (§15): `leaf:<userId>:<nonce>:<balance>`. */
export const solvencyLeafText = (userId: string, nonce: string, balance: string) =>
  `leaf:${userId}:${nonce}:${balance}`;

/** The text hashed for a parent (§15): `node:<L.hash>:<L.sum>:<R.hash>:<R.sum>`. */
export const solvencyNodeText = (left: { hash: string; sum: string }, right: { hash: string; sum: string }) =>
  `node:${left.hash}:${left.sum}:${right.hash}:${right.sum}`;

export const solvencyNodeSchema = z.object({ hash: sha256Hex, sum: solvencyAmount });
export type SolvencyNode = z.infer<typeof solvencyNodeSchema>;

/** GET /solvency: the latest published snapshot (`leaves` is their count). */
export const solvencySchema = z.object({
  publishedAt: isoDate,
  currency: z.literal('USDT'),
  root: solvencyNodeSchema,
  leaves: z.number().int(),
});
export type Solvency = z.infer<typeof solvencySchema>;

/** GET /user/solvency-proof: the user's leaf and the siblings from it up to the root. */
export const solvencyProofSchema = z.object({
  publishedAt: isoDate,
  leaf: z.object({
    userId: z.string(),
    nonce: z.string().regex(/^[0-9a-f]{32}$/),
    balance: solvencyAmount,
    hash: sha256Hex,
    sum: solvencyAmount,
  }),
  /** From the leaf's level upward; `side` is where the sibling stands. A carried-up level has no step. */
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: sha256Hex, sum: solvencyAmount })),
  root: solvencyNodeSchema,
});
export type SolvencyProof = z.infer<typeof solvencyProofSchema>;

/* ---------- Staff audit log (DESIGN §15) ---------- */

/** Every staff act the log records. */
export const AUDIT_ACTIONS = [
  'developer.approve',
  'developer.reject',
  'project.verify',
  'project.feature',
  'transaction.complete',
  'transaction.fail',
  'dispute.resolve',
  'staff.create',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_MAX = 100;

/** `before` pages back from an entry id; `action` and `actorId` filter (extensions of §15). */
export const auditQuery = z.object({
  before: text()
    .regex(/^\d{1,18}$/, 'Must be an entry id')
    .optional(),
  limit: z.coerce
    .number({ error: 'Must be a number from 1 to 100' })
    .int('Must be a number from 1 to 100')
    .min(1, 'Must be a number from 1 to 100')
    .max(AUDIT_PAGE_MAX, 'Must be a number from 1 to 100')
    .default(50),
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
  actorId: text().uuid('Must be a user id').optional(),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDate,
  /** `id` is null for the operator at the command line (create-staff). */
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.string(), id: z.string() }),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.array(auditEntrySchema);
