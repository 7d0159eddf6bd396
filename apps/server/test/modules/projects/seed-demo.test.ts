import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectsCommands } from '../../../src/cli/projects-commands';
import { queryRows } from '../../../src/db/rows';
import { buildTestApp, call, type TestApp } from '../../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await projectsCommands['seed-demo'].run({ database: t.database, config: t.config, args: {} });
  log.mockRestore();
}, 240_000);
afterAll(async () => t?.close());

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.app.db, q);
const DAY = 86_400_000;
const span = (dates: (string | Date)[]) => {
  const ms = dates.map((d) => new Date(d).getTime());
  return (Math.max(...ms) - Math.min(...ms)) / DAY;
};

/** Issue 28.16: demo data that looks lived in. */
describe('npm run cli -- seed-demo', () => {
  it('prices and budgets vary (no arithmetic steps), and reputation comes only from work at the floor', async () => {
    const prices = await rows<{ project_id: string; number: number; price: string }>(
      sql`select project_id, number, price::text as price from tasks where price is not null order by project_id, number`,
    );
    expect(prices.length).toBeGreaterThan(50);
    expect(new Set(prices.map((p) => p.price)).size).toBeGreaterThan(prices.length / 2);
    // The old seed stepped each project's prices by exactly 53: no project has one step twice in a row.
    const byProject = new Map<string, typeof prices>();
    for (const p of prices) byProject.set(p.project_id, [...(byProject.get(p.project_id) ?? []), p]);
    let evenSteps = 0;
    for (const list of byProject.values()) {
      const steps = list.slice(1).map((p, i) => BigInt(p.price) - BigInt(list[i].price));
      if (steps.length > 1 && steps.every((s) => s === steps[0])) evenSteps++;
    }
    expect(evenSteps).toBe(0);
    const cards = (await call(t.app, 'GET', '/projects/public')).body.projects as { budget: string }[];
    const budgets = cards.map((c) => Number(c.budget));
    const budgetSteps = new Set(budgets.slice(1).map((b, i) => b - budgets[i]));
    expect(budgetSteps.size).toBeGreaterThan(budgets.length / 2);
    // DESIGN §19: every review is of a task of at least MIN_REPUTATION_PRICE paid to an approved developer.
    const [unearned] = await rows<{ n: number }>(
      sql`select count(*)::int as n from reviews r join tasks t on t.id = r.task_id join users a on a.id = t.assignee_id
          where t.price < ${t.config.minReputationPrice.toString()}::bigint or a.type <> 'Developer' or a.review_status <> 'approved'`,
    );
    expect(unearned.n).toBe(0);
  });

  it('spreads dates over months and dates each review on the day of its payment', async () => {
    const users = await rows<{ created_at: string }>(sql`select created_at from users`);
    expect(span(users.map((u) => u.created_at))).toBeGreaterThan(120);
    const projects = await rows<{ created_at: string }>(sql`select created_at from projects`);
    expect(span(projects.map((p) => p.created_at))).toBeGreaterThan(90);
    const reviews = await rows<{ created_at: string; paid_at: string }>(
      sql`select r.created_at, tx.completed_at as paid_at from reviews r
          join transactions tx on tx.task_id = r.task_id and tx.type = 'Payment-In' and tx.status = 'Complete'`,
    );
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from reviews`);
    expect(reviews.length).toBe(n);
    expect(n).toBeGreaterThan(20);
    for (const r of reviews) {
      expect(new Date(r.created_at).toISOString().slice(0, 10)).toBe(new Date(r.paid_at).toISOString().slice(0, 10));
      expect(new Date(r.created_at).getTime()).toBeGreaterThan(new Date(r.paid_at).getTime());
    }
    expect(span(reviews.map((r) => r.created_at))).toBeGreaterThan(45);
  });

  it("fills the demo client's bell with what happened: the six applicants and the three tasks in Review", async () => {
    const unread = await rows<{ type: string; n: number }>(
      sql`select n.type, count(*)::int as n from notifications n join users u on u.id = n.user_id
          where u.email like 'clara@%' and n.read_at is null group by n.type order by n.type`,
    );
    expect(unread).toEqual([
      { type: 'application.received', n: 6 },
      { type: 'task.review', n: 3 },
    ]);
    // Developers were told of their approval, assignments and payments, each at its own time.
    const [dev] = await rows<{ types: string[]; days: number }>(
      sql`select array_agg(distinct n.type order by n.type) as types,
            extract(epoch from max(n.created_at) - min(n.created_at))::int / 86400 as days
          from notifications n join users u on u.id = n.user_id where u.email like 'aisha-khan@%'`,
    );
    expect(dev.types).toEqual(expect.arrayContaining(['account.approved', 'task.assigned', 'task.paid', 'team.added']));
    expect(dev.days).toBeGreaterThan(60);
    // Nobody is mailed by the seed.
    const [mails] = await rows<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = 'notification-mail'`,
    );
    expect(mails.n).toBe(0);
  });

  it('repeats no boilerplate: every task and project description is its own', async () => {
    const tasks = await rows<{ description: string }>(sql`select description from tasks`);
    expect(new Set(tasks.map((x) => x.description)).size).toBe(tasks.length);
    expect(tasks.some((x) => x.description.includes('Done when'))).toBe(false);
    const lines = (await rows<{ description: string }>(sql`select description from projects`)).flatMap((p) =>
      p.description.split('\n').filter((l) => l.length > 40),
    );
    expect(new Set(lines).size).toBe(lines.length);
    const abouts = await rows<{ about: string }>(sql`select about from users where type = 'Developer'`);
    expect(new Set(abouts.map((a) => a.about)).size).toBe(abouts.length);
  });
});
