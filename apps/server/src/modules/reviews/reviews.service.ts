import {
  type CreateReviewInput,
  REVIEW_MSG,
  REVIEWS_PAGE_SIZE,
  type Review,
  type TaskReviewState,
  type UserReviews,
} from '@devmarket/contract';
import type { AppContext } from '../../context';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { loadProjectAccess } from '../tasks';
import { reputationRepo, usersRepo } from '../users';
import { type ReviewableTask, reviewsRepo } from './reviews.repo';

type Actor = { id: string };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of a paid task's feedback window. */
function windowEnd(ctx: AppContext, paidAt: Date): Date {
  return new Date(paidAt.getTime() + ctx.config.feedbackWindowDays * DAY_MS);
}

/**
 * DESIGN §19: only a task priced at least MIN_REPUTATION_PRICE and paid to an approved developer
 * earns reviews (either way: the client's review of the developer and the developer's of the
 * client). A Client account assigned a task, or a task below the floor, earns none.
 */
function earnsReputation(ctx: AppContext, task: ReviewableTask): boolean {
  return task.assigneeApproved && task.price !== null && task.price >= ctx.config.minReputationPrice;
}

/** Whom `actorId` reviews on this task, or why they may not (DESIGN §11). */
function partyOf(task: ReviewableTask, actorId: string) {
  const isOwner = task.ownerId === actorId;
  const isAssignee = task.assigneeId === actorId;
  if (!isOwner && !isAssignee) return { error: forbidden(REVIEW_MSG.notParty) } as const;
  // Nobody was assigned, so nobody was paid: nothing to review yet.
  if (!task.assigneeId) return { error: conflict(REVIEW_MSG.notPaid) } as const;
  // Self-funded work (owner == assignee) has nobody else to review, so it earns no reputation.
  if (isOwner && isAssignee) return { error: forbidden(REVIEW_MSG.selfFunded) } as const;
  return isOwner
    ? ({ revieweeId: task.assigneeId as string, subject: 'developer' } as const)
    : ({ revieweeId: task.ownerId, subject: 'client' } as const);
}

/** POST /tasks/{id}/review: each party of a paid task reviews the other once, within the window. */
export async function createReview(
  ctx: AppContext,
  actor: Actor,
  taskId: string,
  given: CreateReviewInput,
): Promise<Review> {
  let input = given;
  const id = await ctx.db.transaction(async (tx) => {
    const task = await reviewsRepo.lockReviewableTask(tx, taskId);
    if (!task) throw notFound('Task not found');
    await loadProjectAccess(tx, task.projectId, actor.id); // a private project stays 404 to outsiders
    const party = partyOf(task, actor.id);
    if ('error' in party) throw party.error;
    if (!task.paidAt) throw conflict(REVIEW_MSG.notPaid);
    if (!earnsReputation(ctx, task)) throw conflict(REVIEW_MSG.notEarned);
    const closesAt = windowEnd(ctx, task.paidAt);
    if (closesAt.getTime() <= ctx.now().getTime()) throw conflict(REVIEW_MSG.windowClosed);
    if (input.tags.length) {
      if (party.subject !== 'developer') throw invalid({ tags: REVIEW_MSG.tagsOnlyForDeveloper });
      // Open tags (DESIGN §19), compared without case; stored in the project's spelling.
      const projectTags = new Map(
        task.projectTags
          .split(',')
          .filter(Boolean)
          .map((t) => [t.toLowerCase(), t]),
      );
      const foreign = input.tags.find((t) => !projectTags.has(t.toLowerCase()));
      if (foreign) throw invalid({ tags: REVIEW_MSG.tagNotOnProject(foreign) });
      input = { ...input, tags: input.tags.map((t) => projectTags.get(t.toLowerCase()) ?? t) };
    }
    const created = await reviewsRepo.insert(tx, {
      taskId,
      projectId: task.projectId,
      reviewerId: actor.id,
      revieweeId: party.revieweeId,
      subject: party.subject,
      rating: input.rating,
      text: input.text,
      tags: [...new Set(input.tags)],
      visibleAt: closesAt,
    });
    if (!created) throw conflict(REVIEW_MSG.alreadyReviewed);
    // Double-blind: the second review reveals both.
    const all = await reviewsRepo.forTask(tx, taskId);
    if (all.length >= 2) await reviewsRepo.revealTask(tx, taskId, ctx.now());
    return created.id;
  });
  const review = await reviewsRepo.findById(ctx.db, id);
  if (!review) throw notFound('Review not found');
  return review;
}

/** GET /tasks/{id}/review: may the caller review, and the reviews they may see. */
export async function getTaskReviewState(ctx: AppContext, actor: Actor, taskId: string): Promise<TaskReviewState> {
  const task = await reviewsRepo.findReviewableTask(ctx.db, taskId);
  if (!task) throw notFound('Task not found');
  await loadProjectAccess(ctx.db, task.projectId, actor.id);
  const party = partyOf(task, actor.id);
  if ('error' in party) throw party.error;
  const subjectUser = await usersRepo.findById(ctx.db, party.revieweeId);
  const closesAt = task.paidAt ? windowEnd(ctx, task.paidAt) : null;
  const now = ctx.now();
  const mine = await reviewsRepo.findForTask(ctx.db, taskId, actor.id, null);
  const theirs = await reviewsRepo.findForTask(ctx.db, taskId, party.revieweeId, now);
  let reason: string | null = null;
  if (!closesAt) reason = REVIEW_MSG.notPaid;
  else if (!earnsReputation(ctx, task)) reason = REVIEW_MSG.notEarned;
  else if (mine) reason = REVIEW_MSG.alreadyReviewed;
  else if (closesAt.getTime() <= now.getTime()) reason = REVIEW_MSG.windowClosed;
  return {
    canReview: reason === null,
    reason,
    closesAt: closesAt?.toISOString() ?? null,
    subject: subjectUser
      ? { id: subjectUser.id, firstName: subjectUser.firstName, lastName: subjectUser.lastName }
      : null,
    // Endorsable: the project's tags (open tags, DESIGN §19; review tags are validated against them).
    allowedTags: party.subject === 'developer' ? task.projectTags.split(',').filter(Boolean) : [],
    mine,
    theirs,
  };
}

/** GET /users/{id}/reviews: shown reviews only, with the average and count they make. */
export async function listUserReviews(ctx: AppContext, userId: string): Promise<UserReviews> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw notFound('User not found');
  const now = ctx.now();
  const floor = ctx.config.minReputationPrice;
  const rep = (await reputationRepo.reputationOf(ctx.db, [userId], now, floor)).get(userId);
  const reviews = await reviewsRepo.shownOf(ctx.db, userId, REVIEWS_PAGE_SIZE, now, floor);
  return { average: rep?.rating.average ?? null, count: rep?.rating.count ?? 0, reviews };
}
