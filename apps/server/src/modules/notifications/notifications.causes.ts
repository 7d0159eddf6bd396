import { formatMoney, type NotificationType } from '@devmarket/contract';
import type { Executor } from '../../db/client';
import { causesRepo } from './causes.repo';
import { notify } from './notifications.service';

/**
 * One call per cause, made inside the cause's transaction: each finds the recipient the way
 * DESIGN §10 says and words the notification. `actorId` is who acted (never told of their own act).
 */

/** "1,234.50 USDT" (DESIGN §13: separators and two decimals at least), exact from micro-USDT. */
export function usdtText(micros: bigint): string {
  const [whole, frac = ''] = formatMoney(micros).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')} USDT`;
}

const quote = (s: string) => (s.length > 140 ? `“${s.slice(0, 140)}…”` : `“${s}”`);

/** application.received → the project owner. */
export async function notifyApplicationReceived(tx: Executor, projectId: string, applicantId: string, message: string) {
  const project = await causesRepo.project(tx, projectId);
  if (!project) return;
  const name = await causesRepo.userName(tx, applicantId);
  await notify(tx, {
    userId: project.ownerId,
    actorId: applicantId,
    type: 'application.received',
    title: `New application to ${project.name}`,
    body: message ? `${name} applied: ${quote(message)}` : `${name} applied to join the team.`,
    link: `/project/${project.handle}?view=applicants`,
  });
}

/** invite.received → the invited user. */
export async function notifyInviteReceived(tx: Executor, projectId: string, userId: string, inviterId: string) {
  const project = await causesRepo.project(tx, projectId);
  if (!project) return;
  await notify(tx, {
    userId,
    actorId: inviterId,
    type: 'invite.received',
    title: `Invite to ${project.name}`,
    body: `${await causesRepo.userName(tx, inviterId)} invited you to join the team of ${project.name}.`,
    link: `/project/${project.handle}/details`,
  });
}

/** team.added → the added user. */
export async function notifyTeamAdded(tx: Executor, projectId: string, userId: string, actorId: string) {
  const project = await causesRepo.project(tx, projectId);
  if (!project) return;
  await notify(tx, {
    userId,
    actorId,
    type: 'team.added',
    title: `You joined ${project.name}`,
    body: `${await causesRepo.userName(tx, actorId)} added you to the team of ${project.name}.`,
    link: `/project/${project.handle}`,
  });
}

type TaskType = Extract<NotificationType, `task.${string}` | `dispute.${string}`>;

const TASK_TEXTS: Record<
  TaskType,
  (t: {
    id: string;
    summary: string;
    project: string;
    actor: string;
    price: string | null;
    due: string | null;
    /** What happened, in a sentence of its own (auto-release, dispute outcome). */
    detail: string | null;
  }) => {
    title: string;
    body: string;
  }
> = {
  'task.assigned': (t) => ({
    title: `${t.id} assigned to you`,
    body: `${t.actor} assigned you ${quote(t.summary)} in ${t.project}${t.due ? `, due ${t.due}` : ''}.`,
  }),
  'task.review': (t) => ({
    title: `${t.id} is ready for review`,
    body: `${t.actor} moved ${quote(t.summary)} in ${t.project} to Review.`,
  }),
  'task.changes_requested': (t) => ({
    title: `Changes requested on ${t.id}`,
    body: `${t.actor} asked for changes to ${quote(t.summary)} in ${t.project}.`,
  }),
  'task.paid': (t) => ({
    title: t.price ? `${t.id} paid: ${t.price}` : `${t.id} completed`,
    body: `${t.actor} accepted ${quote(t.summary)} in ${t.project}${t.price ? ` and ${t.price} reached your balance` : ''}.`,
  }),
  'task.auto_release_soon': (t) => ({
    title: `${t.id} will be released soon`,
    body: `The review window of ${quote(t.summary)} in ${t.project} ends soon; the payment is then released to the assignee.`,
  }),
  'task.auto_released': (t) => ({
    title: t.detail ?? `${t.id} paid: the review window ended`,
    body: `${quote(t.summary)} in ${t.project} was not approved or disputed within its review window, so the payment was released from escrow.`,
  }),
  'dispute.opened': (t) => ({
    title: `Dispute opened on ${t.id}`,
    body: `${t.actor} opened a dispute on ${quote(t.summary)} in ${t.project}.`,
  }),
  'dispute.resolved': (t) => ({
    title: `Dispute on ${t.id} resolved`,
    body: `${t.detail ? `${t.detail}. ` : ''}The dispute on ${quote(t.summary)} in ${t.project} was resolved.`,
  }),
};

/**
 * DESIGN §19: the owner of a task paid by the end of its review window is told, e.g. "50 USDT paid
 * to Aisha Khan for SR-3: the review window ended".
 */
export async function notifyAutoReleased(tx: Executor, taskId: string, paid: bigint, assigneeId: string) {
  const task = await causesRepo.task(tx, taskId);
  if (!task) return;
  const detail = `${formatMoney(paid)} USDT paid to ${await causesRepo.userName(tx, assigneeId)} for ${task.identifier}: the review window ended`;
  await notifyTask(tx, 'task.auto_released', taskId, null, [task.ownerId], detail);
}

/**
 * DESIGN §19: what a dispute's resolution did, in words: "Released 30 USDT to …", "Refunded 30
 * USDT to …" or "Split: 12.5 USDT to …, 17.5 USDT to …" (the assignee's share first).
 */
export function disputeOutcomeText(
  outcome: 'release' | 'refund' | 'split',
  o: { share: bigint; rest: bigint; assignee: string; owner: string },
): string {
  if (outcome === 'release') return `Released ${formatMoney(o.share)} USDT to ${o.assignee}`;
  if (outcome === 'refund') return `Refunded ${formatMoney(o.rest)} USDT to ${o.owner}`;
  return `Split: ${formatMoney(o.share)} USDT to ${o.assignee}, ${formatMoney(o.rest)} USDT to ${o.owner}`;
}

/** dispute.resolved → owner and assignee, stating the outcome (DESIGN §19). */
export async function notifyDisputeResolved(
  tx: Executor,
  input: {
    taskId: string;
    staffId: string;
    ownerId: string;
    assigneeId: string;
    outcome: 'release' | 'refund' | 'split';
    share: bigint;
    rest: bigint;
  },
) {
  const detail = disputeOutcomeText(input.outcome, {
    share: input.share,
    rest: input.rest,
    assignee: await causesRepo.userName(tx, input.assigneeId),
    owner: await causesRepo.userName(tx, input.ownerId),
  });
  await notifyTask(tx, 'dispute.resolved', input.taskId, input.staffId, [input.ownerId, input.assigneeId], detail);
}

/**
 * A task notification. Recipients by default: the owner for task.review, task.auto_release_soon
 * and task.auto_released, the assignee for task.assigned, task.changes_requested and task.paid;
 * dispute types name theirs (`to`: the other party, or owner and assignee).
 */
export async function notifyTask(
  tx: Executor,
  type: TaskType,
  taskId: string,
  actorId: string | null,
  to?: string[],
  detail: string | null = null,
) {
  const task = await causesRepo.task(tx, taskId);
  if (!task) return;
  const toOwner = type === 'task.review' || type === 'task.auto_release_soon' || type === 'task.auto_released';
  const recipients = to ?? (toOwner ? [task.ownerId] : [task.assigneeId]);
  const texts = TASK_TEXTS[type]({
    id: task.identifier,
    summary: task.summary,
    project: task.projectName,
    actor: actorId ? await causesRepo.userName(tx, actorId) : 'DevMarket',
    price: task.price ? usdtText(task.price) : null,
    due: task.dueDate ? task.dueDate.toISOString().slice(0, 10) : null,
    detail,
  });
  for (const userId of new Set(recipients)) {
    // A payment opens the review dialog (DESIGN §11: offered from the notification).
    const link = `/task/${task.identifier}${type === 'task.paid' ? '?review=1' : ''}`;
    if (userId) await notify(tx, { userId, actorId, type, ...texts, link });
  }
}

/** deposit.credited, withdrawal.sent, withdrawal.failed → the transaction's user. */
export async function notifyTransaction(
  tx: Executor,
  type: 'deposit.credited' | 'withdrawal.sent' | 'withdrawal.failed',
  transactionId: string,
) {
  const t = await causesRepo.transaction(tx, transactionId);
  if (!t) return;
  const amount = usdtText(t.amount);
  const texts = {
    'deposit.credited': { title: `Deposit credited: ${amount}`, body: `${amount} was added to your balance.` },
    'withdrawal.sent': {
      title: `Withdrawal sent: ${amount}`,
      body: `${amount} is on its way to your ${t.currency} address.`,
    },
    'withdrawal.failed': {
      title: `Withdrawal failed: ${amount}`,
      body: `${amount} is back in your balance.${t.failureReason ? ` Reason: ${t.failureReason}` : ''}`,
    },
  }[type];
  await notify(tx, { userId: t.userId, type, ...texts, link: `/transaction/${transactionId}` });
}

/** account.approved, account.rejected → the developer reviewed. */
export async function notifyAccountReview(
  tx: Executor,
  type: 'account.approved' | 'account.rejected',
  userId: string,
  reason?: string,
) {
  await notify(
    tx,
    type === 'account.approved'
      ? {
          userId,
          type,
          title: 'Your developer account is approved',
          body: 'You can now find projects, apply and get paid.',
          link: '/projects',
        }
      : {
          userId,
          type,
          title: 'Your developer account was not approved yet',
          body: `${reason ? `Reason: ${reason} ` : ''}Update your profile links to ask for another review.`,
          link: '/sign-up/developer',
        },
  );
}
