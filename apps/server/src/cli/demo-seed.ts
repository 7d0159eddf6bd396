import { TAGS } from '@devmarket/contract';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database, Tx } from '../db/client';
import {
  applications,
  jobs,
  messages,
  notifications,
  projectMembers,
  projects,
  reviews,
  tasks,
  threads,
  transactions,
  users,
} from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { holdTaskEscrow, payTaskEscrow } from '../modules/ledger';
import { threadsRepo } from '../modules/messages';
import {
  NOTIFICATION_MAIL_JOB,
  notifyAccountReview,
  notifyApplicationReceived,
  notifyTask,
  notifyTeamAdded,
} from '../modules/notifications';
import { recordCompletedDeposit } from '../modules/payments';
import { generatedImage, keyOf, shortDescriptionOf, slugify } from '../modules/projects';
import { scheduleAutoRelease } from '../modules/tasks';
import {
  APPLICATION_LETTERS,
  CLIENTS,
  CONVERSATIONS,
  DEVELOPER_REVIEWS,
  DEVELOPERS,
  OWNER_REVIEWS,
  PRICE_POOL,
  PROJECT_CLIENT,
  PROJECTS,
  type DemoProject,
} from './demo-content';
import { CliError } from './types';

export const DEMO_DOMAIN = 'demo.devmarket.test';
export const DEMO_PASSWORD = 'demo-password-123';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STAGES = ['Unassigned', 'ToDo', 'In Progress', 'Review', 'Complete'] as const;
/** How long ago each client and developer joined, and each project was created (days): no pattern. */
const CLIENT_AGE = [212, 187, 240, 163, 199, 151];
const DEVELOPER_AGE = [281, 254, 233, 226, 197, 178, 171, 149, 138, 126, 117, 103];
const PROJECT_AGE = [131, 146, 97, 118, 83, 104, 64, 76, 47, 55, 31, 39, 17, 24, 12];
// Enough for every assigned task of their projects (at most 3 projects × 4 tasks × 2,200 USDT).
const DEPOSITS = [38_500, 46_000, 32_750, 41_200, 36_400, 45_900];

/** A small seeded generator (mulberry32): the same demo every run, yet nothing in steps. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

/**
 * Dates what a cause function just wrote: notifications default to the transaction's start
 * (`now()`), so the rows written since the last stamp are exactly those still at `now()`. Their
 * mail counts as sent (the seed mails nobody) and older ones as read.
 */
async function stamp(tx: Tx, at: Date, read: boolean) {
  await tx
    .update(notifications)
    .set({
      createdAt: at,
      readAt: read ? at : null,
      emailedAt: sql`case when ${notifications.emailCategory} is not null then ${at.toISOString()}::timestamptz end`,
    })
    .where(sql`${notifications.createdAt} = now()`);
}

function describe(p: DemoProject) {
  return `## About\n\n${p.summary}\n\n${p.context}\n\n## What you will do\n\n${p.tasks.map(([t]) => `- ${t}`).join('\n')}\n\n## How we work\n\n${p.working}`;
}

/**
 * `seed-demo` (issue 28.16): a marketplace that looks lived in. People joined over months; each
 * project has its own timeline (team added, tasks assigned, moved to Review, paid), prices are
 * what people set, reviews are dated on the day of their payment, and every step left the
 * notification the app itself would have written, at its time (older ones read). Reputation only
 * from work priced at least MIN_REPUTATION_PRICE and paid to approved developers (DESIGN §19).
 */
export async function seedDemo(database: Database, config: AppContext['config'], force: boolean) {
  const db = database.db;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.email, `%@${DEMO_DOMAIN}`));
  if (n > 0 && !force) {
    throw new CliError(`Demo data is already there (${n} demo accounts). Run with --force to add another set.`);
  }
  const run = n > 0 ? `-${Date.now().toString(36).slice(-4)}` : '';
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const rnd = generator(28_16 + n);
  const daysAgo = (d: number) => new Date(now - d * DAY);
  const floor = config.minReputationPrice;

  const clientRows = await db
    .insert(users)
    .values(
      CLIENTS.map(([firstName, lastName, location], i) => ({
        email: `${firstName.toLowerCase()}${run}@${DEMO_DOMAIN}`,
        passwordHash,
        firstName,
        lastName,
        location,
        tos: true,
        type: 'Client' as const,
        emailVerifiedAt: new Date(daysAgo(CLIENT_AGE[i]).getTime() + 7 * 60_000),
        createdAt: daysAgo(CLIENT_AGE[i]),
      })),
    )
    .returning();

  const devRows = await db
    .insert(users)
    .values(
      DEVELOPERS.map(([firstName, lastName, title, location, tags, about], i) => {
        const username = `${firstName.normalize('NFKD').replace(/[^\w]/g, '').toLowerCase()}-${lastName.toLowerCase()}${run}`;
        const joined = daysAgo(DEVELOPER_AGE[i]);
        return {
          email: `${username}@${DEMO_DOMAIN}`,
          passwordHash,
          firstName,
          lastName,
          title,
          location,
          tags,
          username,
          tos: true,
          type: 'Developer' as const,
          emailVerifiedAt: new Date(joined.getTime() + 12 * 60_000),
          reviewStatus: 'approved' as const,
          verifiedAt: new Date(joined.getTime() + (1 + (i % 4)) * DAY + 5 * HOUR),
          about,
          profile: `## Hi, I'm ${firstName}\n\n${about}\n\nBased in ${location}. ${tags.join(', ')} are what I reach for first.`,
          github: `https://github.com/${username}`,
          featuredAt: i % 4 === 0 ? daysAgo(i + 3) : null,
          createdAt: joined,
        };
      }),
    )
    .returning();

  // The approval each developer was told of, on the day staff approved them.
  await db.transaction(async (tx) => {
    for (const d of devRows) {
      await notifyAccountReview(tx, 'account.approved', d.id);
      await stamp(tx, d.verifiedAt as Date, true);
    }
  });

  // Money goes through the ledger's own functions, so balances and the ledger agree.
  const ctx = { db, database, config, log: console, now: () => new Date() } as unknown as AppContext;
  let money = true;
  try {
    for (const [i, c] of clientRows.entries()) {
      const id = await recordCompletedDeposit(ctx, c.id, BigInt(DEPOSITS[i]) * 1_000_000n);
      const at = new Date(c.createdAt.getTime() + 2 * DAY + 3 * HOUR);
      await db.update(transactions).set({ createdAt: at, completedAt: at }).where(eq(transactions.id, id));
      await db
        .update(notifications)
        .set({ createdAt: at, readAt: at, emailedAt: at })
        .where(and(eq(notifications.userId, c.id), eq(notifications.type, 'deposit.credited')));
    }
  } catch (err) {
    money = false;
    console.warn(`Skipping money (deposits failed: ${(err as Error).message})`);
  }

  let taskCount = 0;
  let reviewCount = 0;
  for (const [i, p] of PROJECTS.entries()) {
    const clientIndex = PROJECT_CLIENT[p.name] ?? i % CLIENTS.length;
    const owner = clientRows[clientIndex];
    const company = CLIENTS[clientIndex][3];
    const handle = `${slugify(p.name)}${run}`;
    const members = [devRows[i % devRows.length], devRows[(i + 5) % devRows.length]];
    const created = new Date(daysAgo(PROJECT_AGE[i]).getTime() + rnd.between(0, 8) * HOUR);
    const end = now - 6 * HOUR;
    const at = (from: number, share: number) => new Date(from + (end - from) * share);
    await db.transaction(async (tx) => {
      const [project] = await tx
        .insert(projects)
        .values({
          handle,
          key: `${keyOf(p.name)}${run ? run.slice(1).toUpperCase() : ''}`.slice(0, 8),
          name: p.name,
          company,
          description: describe(p),
          shortDescription: shortDescriptionOf(p.summary),
          tags: p.tags,
          image: generatedImage(handle),
          ownerId: owner.id,
          visibility: i === 14 ? 'Private' : 'Public',
          verifiedAt: i % 3 === 0 ? new Date(created.getTime() + 2 * DAY) : null,
          featuredAt: i % 4 === 1 ? daysAgo(i + 1) : null,
          createdAt: created,
        })
        .returning();
      await tx
        .insert(projectMembers)
        .values([
          { projectId: project.id, userId: owner.id, role: 'Owner' },
          ...members.map((m) => ({ projectId: project.id, userId: m.id, role: 'Admin' as const })),
        ]);
      for (const m of members) {
        await notifyTeamAdded(tx, project.id, m.id, owner.id);
        await stamp(tx, at(created.getTime(), rnd.between(0.01, 0.05)), true);
      }
      // Older projects have finished more of their work.
      const old = PROJECT_AGE[i] > 70;
      for (const [k, [summary, description]] of p.tasks.entries()) {
        const stage = old && k === 1 ? 'Complete' : STAGES[k % STAGES.length];
        const assignee = stage === 'Unassigned' ? null : members[k % members.length];
        // Most tasks carry a price; now and then an open one is still unpriced.
        const unpriced = stage === 'Unassigned' && rnd.next() < 0.25;
        const pool = BigInt(Math.round(rnd.pick(PRICE_POOL) * 1_000_000));
        const price = unpriced ? null : pool < floor ? floor : pool;
        const taskCreated = at(created.getTime(), rnd.between(0.02, 0.15));
        const assignedAt = at(taskCreated.getTime(), rnd.between(0.05, 0.2));
        let reviewAt: Date | null = null;
        let paidAt: Date | null = null;
        if (stage === 'Complete') {
          reviewAt = at(assignedAt.getTime(), rnd.between(0.1, 0.55));
          paidAt = dayTime(at(reviewAt.getTime(), rnd.between(0.05, 0.3)), rnd.between(8, 14), now);
          // A payment in working hours: the Review step was some hours before it.
          if (paidAt <= reviewAt) reviewAt = new Date(paidAt.getTime() - rnd.between(3, 20) * HOUR);
        } else if (stage === 'Review') {
          reviewAt = new Date(Math.max(now - rnd.between(0.3, 4) * DAY, assignedAt.getTime() + HOUR));
        }
        const reviewDeadline =
          stage === 'Review' && reviewAt && price ? new Date(reviewAt.getTime() + config.reviewWindowDays * DAY) : null;
        const [task] = await tx
          .insert(tasks)
          .values({
            projectId: project.id,
            number: k + 1,
            identifier: `${project.key}-${k + 1}`,
            summary,
            description,
            reporterId: owner.id,
            assigneeId: assignee?.id ?? null,
            price,
            dueDate: stage === 'Complete' ? null : new Date(now + rnd.between(4, 40) * DAY),
            stage,
            position: `a${k}`,
            createdAt: taskCreated,
            completedAt: paidAt,
            reviewDeadline,
          })
          .returning();
        taskCount++;
        if (!assignee) continue;
        await notifyTask(tx, 'task.assigned', task.id, owner.id);
        await stamp(tx, assignedAt, assignedAt.getTime() < now - 3 * DAY);
        if (money && price) await holdTaskEscrow(tx, { taskId: task.id, ownerId: owner.id, amount: price });
        if (reviewAt) {
          await notifyTask(tx, 'task.review', task.id, assignee.id);
          await stamp(tx, reviewAt, stage === 'Complete');
        }
        if (reviewDeadline && reviewAt) {
          await scheduleAutoRelease(tx, { taskId: task.id, deadline: reviewDeadline, now: new Date(now) });
        }
        if (stage !== 'Complete' || !paidAt) continue;
        if (money && price) {
          await payTaskEscrow(tx, { taskId: task.id, assigneeId: assignee.id, projectId: project.id, now: paidAt });
          await tx.update(transactions).set({ createdAt: paidAt }).where(eq(transactions.taskId, task.id));
        }
        await notifyTask(tx, 'task.paid', task.id, owner.id);
        await stamp(tx, paidAt, paidAt.getTime() < now - 2 * DAY);
        if (money && price && price >= floor) {
          reviewCount += await reviewPaidTask(tx, {
            taskId: task.id,
            projectId: project.id,
            owner,
            assignee,
            tags: p.tags,
            paidAt,
            n: i * 5 + k,
            pick: rnd.pick,
            minutes: () => rnd.between(20, 240),
          });
        }
      }
      await tx.update(projects).set({ taskSeq: p.tasks.length }).where(eq(projects.id, project.id));
      // Two developers who are not on the team have applied, lately: the owner has not answered.
      const applicants = [devRows[(i + 2) % devRows.length], devRows[(i + 8) % devRows.length]].filter(
        (d) => !members.includes(d),
      );
      if (i === 14) return;
      for (const [j, d] of applicants.entries()) {
        const letter = APPLICATION_LETTERS[(i + j) % APPLICATION_LETTERS.length]({
          owner: owner.firstName,
          task: p.tasks[(1 + j) % p.tasks.length][0],
          tag: p.tags.split(',')[j % p.tags.split(',').length],
          project: p.name,
        });
        const appliedAt = new Date(Math.max(now - rnd.between(0.2, 9) * DAY, created.getTime() + DAY));
        await tx
          .insert(applications)
          .values({ projectId: project.id, userId: d.id, message: letter, createdAt: appliedAt });
        await notifyApplicationReceived(tx, project.id, d.id, letter);
        await stamp(tx, appliedAt, false);
      }
    });
  }

  // A few conversations between clients and developers, each on its own day.
  for (let i = 0; i < CONVERSATIONS.length; i++) {
    const client = clientRows[i];
    const dev = devRows[(i * 2) % devRows.length];
    const started = now - (5 + i * 11 + rnd.between(0, 4)) * DAY;
    await db.transaction(async (tx) => {
      const thread = await threadsRepo.findOrCreate(tx, client.id, dev.id);
      let sentAt = started;
      for (const [j, text] of CONVERSATIONS[i].entries()) {
        const m = await threadsRepo.addMessage(tx, { threadId: thread.id, userId: j % 2 ? dev.id : client.id, text });
        sentAt += rnd.between(6, 180) * 60_000;
        await tx
          .update(messages)
          .set({ createdAt: new Date(sentAt) })
          .where(eq(messages.id, m.id));
      }
      await tx
        .update(threads)
        .set({ lastMessageAt: new Date(sentAt) })
        .where(eq(threads.id, thread.id));
    });
  }

  // Every notification above was dated and counts as mailed: the seed sends nobody a mail.
  const demoIds = [...clientRows, ...devRows].map((u) => u.id);
  await db
    .delete(jobs)
    .where(and(eq(jobs.kind, NOTIFICATION_MAIL_JOB), inArray(sql`${jobs.payload}->>'userId'`, demoIds)));

  console.log(
    `Demo marketplace ready: ${clientRows.length} clients, ${devRows.length} approved developers, ${PROJECTS.length} projects, ${taskCount} tasks, ${reviewCount} reviews${money ? ', deposits and escrowed/paid tasks' : ' (no money: the ledger was not usable)'}.`,
  );
  console.log(`Every demo account's password is ${DEMO_PASSWORD}. Sign in as a client or a developer:`);
  console.log(`  client:    ${clientRows[0].email}`);
  console.log(`  developer: ${devRows[0].email}`);
}

/** The same day at `hour` UTC (a payment made in working hours), never later than `limit`. */
function dayTime(d: Date, hour: number, limit: number): Date {
  const out = new Date(d);
  out.setUTCHours(Math.floor(hour), Math.floor((hour % 1) * 60), 0, 0);
  return out.getTime() > limit - 6 * HOUR ? new Date(out.getTime() - DAY) : out;
}

/**
 * DESIGN §11 in the demo: the owner reviews the developer of each paid task (endorsing one of the
 * project's skills) and, mostly, the developer reviews back, which reveals both; each review is
 * written on the day of the payment, a little after it. A lone review is shown once its 14 days
 * have passed, as the app would show it.
 */
async function reviewPaidTask(
  tx: Tx,
  t: {
    taskId: string;
    projectId: string;
    owner: { id: string };
    assignee: { id: string };
    tags: string;
    paidAt: Date;
    n: number;
    pick: <T>(xs: readonly T[]) => T;
    minutes: () => number;
  },
): Promise<number> {
  const skill = t.tags.split(',').find((tag) => (TAGS as readonly string[]).includes(tag));
  const both = t.n % 5 !== 0;
  const ownerAt = new Date(t.paidAt.getTime() + t.minutes() * 60_000);
  const devAt = new Date(t.paidAt.getTime() + t.minutes() * 60_000);
  const shownAt = both
    ? new Date(Math.max(ownerAt.getTime(), devAt.getTime()))
    : new Date(t.paidAt.getTime() + 14 * DAY);
  await tx.insert(reviews).values({
    taskId: t.taskId,
    projectId: t.projectId,
    reviewerId: t.owner.id,
    revieweeId: t.assignee.id,
    subject: 'developer',
    rating: t.n % 4 === 0 ? 4 : 5,
    text: t.pick(OWNER_REVIEWS),
    tags: skill ? [skill] : [],
    createdAt: ownerAt,
    visibleAt: shownAt,
  });
  if (!both) return 1;
  await tx.insert(reviews).values({
    taskId: t.taskId,
    projectId: t.projectId,
    reviewerId: t.assignee.id,
    revieweeId: t.owner.id,
    subject: 'client',
    rating: t.n % 3 === 0 ? 4 : 5,
    text: t.pick(DEVELOPER_REVIEWS),
    tags: [],
    createdAt: devAt,
    visibleAt: shownAt,
  });
  return 2;
}
