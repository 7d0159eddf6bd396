import type { UserRow } from '../../db/schema/index';
import type { AdminDeveloper, OutboxList, ReviewStatus } from '@devmarket/contract';
import { OUTBOX_PAGE_SIZE, pageCount } from '@devmarket/contract';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { type AuditActor, appendAudit } from '../audit';
import { mailRepo } from '../mail';
import { queueMail, renderMail } from '../mail';
import { notifyAccountReview } from '../notifications';
import { reputationRepo, type UserReputation } from '../users';
import { toPublicUser } from '../users';
import { usersRepo } from '../users';

const DEVELOPERS_PAGE_SIZE = 25;

async function toAdminDevelopers(ctx: AppContext, rows: UserRow[]): Promise<AdminDeveloper[]> {
  const reps = await reputationRepo.reputationOf(
    ctx.db,
    rows.map((u) => u.id),
    ctx.now(),
    ctx.config.minReputationPrice,
  );
  return rows.map((u) => toAdminDeveloperWith(u, reps.get(u.id) as UserReputation));
}

async function toAdminDeveloper(ctx: AppContext, u: UserRow): Promise<AdminDeveloper> {
  const [dev] = await toAdminDevelopers(ctx, [u]);
  return dev;
}

function toAdminDeveloperWith(u: UserRow, rep: UserReputation): AdminDeveloper {
  return {
    ...toPublicUser(u, rep),
    email: u.email,
    emailVerified: Boolean(u.emailVerifiedAt),
    reviewStatus: u.reviewStatus,
    updatedAt: u.updatedAt.toISOString(),
  };
}

/** Developers in one review state, oldest submission first (a queue). */
export async function listDevelopers(ctx: AppContext, status: ReviewStatus, page: number) {
  const { rows, total } = await usersRepo.developersByReview(ctx.db, status, {
    number: page,
    size: DEVELOPERS_PAGE_SIZE,
  });
  return { developers: await toAdminDevelopers(ctx, rows), pages: pageCount(total, DEVELOPERS_PAGE_SIZE) };
}

async function findDeveloper(ctx: AppContext, userId: string): Promise<UserRow> {
  const u = await usersRepo.findById(ctx.db, userId);
  if (!u) throw notFound('User not found');
  if (u.type !== 'Developer') throw conflict('Only developer accounts are reviewed');
  return u;
}

/**
 * Approves a developer (idempotent) after the three checks of DESIGN §19, records who approved,
 * when, the checks and the note (and the audit entry, in the same transaction), and tells the
 * developer by e-mail.
 */
export async function approveDeveloper(
  ctx: AppContext,
  staff: AuditActor,
  userId: string,
  vetting: { checks: { identity: boolean; skills: boolean; experience: boolean }; note?: string },
): Promise<AdminDeveloper> {
  const u = await findDeveloper(ctx, userId);
  if (u.reviewStatus === 'approved') return toAdminDeveloper(ctx, u);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await usersRepo.recordApproval(tx, {
      userId,
      approvedBy: staff.id,
      checks: vetting.checks,
      note: vetting.note || null,
      at: ctx.now(),
    });
    await appendAudit(tx, {
      actor: staff,
      action: 'developer.approve',
      target: { type: 'user', id: userId },
      detail: { email: u.email, checks: vetting.checks, note: vetting.note || null },
    });
    await notifyAccountReview(tx, 'account.approved', userId);
    await queueMail(tx, {
      to: u.email,
      subject: 'Your DevMarket account is approved',
      ...renderMail(
        [
          `Hi ${u.firstName},`,
          'Good news: a team member reviewed your profile and approved your developer account. You can now find projects, apply and get paid.',
        ],
        { href: `${ctx.config.appUrl}/`, label: 'Open DevMarket' },
      ),
    });
    return row;
  });
  return toAdminDeveloper(ctx, updated);
}

/** Rejects a developer and tells them why; they may update their links to ask for a new review. */
export async function rejectDeveloper(
  ctx: AppContext,
  staff: AuditActor,
  userId: string,
  reason?: string,
): Promise<AdminDeveloper> {
  const u = await findDeveloper(ctx, userId);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await usersRepo.setReviewStatus(tx, userId, 'rejected');
    await appendAudit(tx, {
      actor: staff,
      action: 'developer.reject',
      target: { type: 'user', id: userId },
      detail: { email: u.email, reason: reason ?? null },
    });
    await notifyAccountReview(tx, 'account.rejected', userId, reason);
    await queueMail(tx, {
      to: u.email,
      subject: 'About your DevMarket developer account',
      ...renderMail(
        [
          `Hi ${u.firstName},`,
          'A team member reviewed your profile and could not approve your developer account yet.',
          ...(reason ? [`Reason: ${reason}`] : []),
          'You can update your profile links and submit them again for another review.',
        ],
        { href: `${ctx.config.appUrl}/sign-up/developer`, label: 'Update my profile' },
      ),
    });
    return row;
  });
  return toAdminDeveloper(ctx, updated);
}

/** The outbox, newest first, optionally only the mails to one address. */
export async function listOutbox(ctx: AppContext, opts: { page: number; to?: string }): Promise<OutboxList> {
  const { rows, total } = await mailRepo.page(ctx.db, { to: opts.to, number: opts.page, size: OUTBOX_PAGE_SIZE });
  return {
    mails: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      error: m.error,
      status: m.status,
      attempts: m.attempts,
    })),
    pages: pageCount(total, OUTBOX_PAGE_SIZE),
  };
}
