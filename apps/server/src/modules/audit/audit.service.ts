import type { AuditAction, AuditEntry } from '@devmarket/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { type AuditRow, auditRepo } from './audit.repo';

/**
 * Who did it: a staff account (its e-mail is read from the account in the same statement when not
 * given), or the operator at the command line (`id` null, `email` naming them).
 */
export type AuditActor = { id: string; email?: string } | { id: null; email: string };

export type AuditAppend = {
  actor: AuditActor;
  action: AuditAction;
  target: { type: string; id: string };
  detail?: Record<string, unknown>;
  /** When the act happened; the transaction's time when absent. */
  at?: Date;
};

/**
 * Appends a staff act to the audit log (DESIGN §15). Call it with the act's own transaction, so
 * the act and its record commit or roll back together.
 */
export async function appendAudit(tx: Executor, e: AuditAppend): Promise<void> {
  await auditRepo.insert(tx, {
    at: e.at,
    actorId: e.actor.id,
    actorEmail: e.actor.email,
    action: e.action,
    targetType: e.target.type,
    targetId: e.target.id,
    detail: e.detail ?? {},
  });
}

const toEntry = (r: AuditRow): AuditEntry => ({
  id: r.id.toString(),
  at: r.at.toISOString(),
  actor: { id: r.actorId, email: r.actorEmail },
  action: r.action as AuditAction,
  target: { type: r.targetType, id: r.targetId },
  detail: r.detail,
});

/** GET /admin/audit: newest first, `before` an entry id, at most `limit` (≤ 100). */
export async function listAudit(
  ctx: AppContext,
  q: { before?: string; limit: number; action?: AuditAction; actorId?: string },
): Promise<AuditEntry[]> {
  const rows = await auditRepo.page(ctx.db, {
    before: q.before === undefined ? undefined : BigInt(q.before),
    limit: q.limit,
    action: q.action,
    actorId: q.actorId,
  });
  return rows.map(toEntry);
}
