import type { UserRow } from '../../db/schema/index';
import type { AdminDeveloper, OutboxList, ReviewStatus } from '@devmarket/contract';
import { OUTBOX_PAGE_SIZE, pageCount } from '@devmarket/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { outbox, users } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import { queueMail, renderMail } from '../mail/mail.service';
import { notifyAccountReview } from '../notifications/notifications.causes';
import { reviewsRepo, type UserReputation } from '../reviews/reviews.repo';
import { toPublicUser } from '../users/users.mapper';

const DEVELOPERS_PAGE_SIZE = 25;

async function toAdminDevelopers(exec: Executor, rows: UserRow[]): Promise<AdminDeveloper[]> {
  const reps = await reviewsRepo.reputationOf(
    exec,
    rows.map((u) => u.id),
  );
  return rows.map((u) => toAdminDeveloperWith(u, reps.get(u.id) as UserReputation));
}

async function toAdminDeveloper(ctx: AppContext, u: UserRow): Promise<AdminDeveloper> {
  const [dev] = await toAdminDevelopers(ctx.db, [u]);
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
  const where = and(eq(users.type, 'Developer'), eq(users.reviewStatus, status));
  const [{ n }] = await ctx.db.select({ n: count() }).from(users).where(where);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(status === 'pending' ? users.updatedAt : desc(users.updatedAt), users.id)
    .limit(DEVELOPERS_PAGE_SIZE)
    .offset((page - 1) * DEVELOPERS_PAGE_SIZE);
  return { developers: await toAdminDevelopers(ctx.db, rows), pages: pageCount(n, DEVELOPERS_PAGE_SIZE) };
}

async function findDeveloper(ctx: AppContext, userId: string): Promise<UserRow> {
  const [u] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound('User not found');
  if (u.type !== 'Developer') throw conflict('Only developer accounts are reviewed');
  return u;
}

/** Approves a developer (idempotent) and tells them by e-mail. */
export async function approveDeveloper(ctx: AppContext, userId: string): Promise<AdminDeveloper> {
  const u = await findDeveloper(ctx, userId);
  if (u.reviewStatus === 'approved') return toAdminDeveloper(ctx, u);
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ reviewStatus: 'approved' }).where(eq(users.id, userId)).returning();
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
export async function rejectDeveloper(ctx: AppContext, userId: string, reason?: string): Promise<AdminDeveloper> {
  const u = await findDeveloper(ctx, userId);
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ reviewStatus: 'rejected' }).where(eq(users.id, userId)).returning();
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
  const where: SQL | undefined = opts.to ? sql`lower(${outbox.to}) = ${opts.to.toLowerCase()}` : undefined;
  const [{ n }] = await ctx.db.select({ n: count() }).from(outbox).where(where);
  const rows = await ctx.db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(OUTBOX_PAGE_SIZE)
    .offset((opts.page - 1) * OUTBOX_PAGE_SIZE);
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
    pages: pageCount(n, OUTBOX_PAGE_SIZE),
  };
}
