import { TAGS } from '@devmarket/contract';
import { eq, like, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database, Tx } from '../db/client';
import { applications, projectMembers, projects, tasks, users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { recordCompletedDeposit } from '../modules/payments';
import { holdTaskEscrow, payTaskEscrow } from '../modules/ledger';
import { threadsRepo } from '../modules/messages';
import { reviewsRepo } from '../modules/reviews';
import { generatedImage, keyOf, shortDescriptionOf, slugify } from '../modules/projects';
import { CliError, type CliCommand } from './types';

export const DEMO_DOMAIN = 'demo.devmarket.test';
export const DEMO_PASSWORD = 'demo-password-123';

const CLIENTS = [
  ['Clara', 'Jensen', 'Copenhagen, Denmark', 'Nordic Goods'],
  ['Marcus', 'Okafor', 'Lagos, Nigeria', 'PayBridge'],
  ['Sofia', 'Marquez', 'Madrid, Spain', 'Viaje Travel'],
  ['Hiro', 'Tanaka', 'Osaka, Japan', 'Kumo Health'],
  ['Emma', 'Schulz', 'Berlin, Germany', 'Greenline Energy'],
  ['Daniel', 'Reyes', 'Austin, USA', 'Fieldwork Labs'],
] as const;

const DEVELOPERS: [string, string, string, string, (typeof TAGS)[number][]][] = [
  ['Aisha', 'Khan', 'Senior React engineer', 'Karachi, Pakistan', ['React', 'Node', 'AWS']],
  ['Lukas', 'Novak', 'Backend engineer, Node and PostgreSQL', 'Prague, Czechia', ['Node', 'Express', 'PostgreSQL']],
  ['Mei', 'Chen', 'Full-stack developer', 'Taipei, Taiwan', ['Vue', 'Node', 'MongoDB']],
  ['Tomás', 'Silva', 'DevOps and Kubernetes specialist', 'Lisbon, Portugal', ['Kubernetes', 'Docker', 'GCP']],
  ['Grace', 'Mensah', 'Cloud architect', 'Accra, Ghana', ['AWS', 'Azure', 'Docker']],
  ['Ivan', 'Petrov', 'Data engineer', 'Sofia, Bulgaria', ['PostgreSQL', 'MySQL', 'GCP']],
  ['Nora', 'Lindqvist', 'Front-end engineer, design systems', 'Stockholm, Sweden', ['React', 'Vue']],
  ['Ravi', 'Sharma', 'Mobile and web developer', 'Bangalore, India', ['React', 'Node', 'MongoDB']],
  ['Chloé', 'Dubois', 'Node.js API developer', 'Lyon, France', ['Node', 'Express', 'Docker']],
  ['Samuel', 'Adeyemi', 'Site reliability engineer', 'Nairobi, Kenya', ['Kubernetes', 'AWS', 'PostgreSQL']],
  ['Yuki', 'Sato', 'Vue and TypeScript developer', 'Tokyo, Japan', ['Vue', 'Node']],
  ['Olivia', 'Brown', 'Full-stack engineer, payments', 'Toronto, Canada', ['React', 'PostgreSQL', 'Azure']],
];

const PROJECTS: { name: string; tags: string; summary: string; tasks: string[] }[] = [
  {
    name: 'Storefront Rebuild',
    tags: 'React,Node',
    summary: 'Rebuild our online store in React with a fast, accessible checkout.',
    tasks: [
      'Product listing page',
      'Checkout flow',
      'Cart persistence',
      'Payment provider integration',
      'Order confirmation e-mails',
    ],
  },
  {
    name: 'Mobile Payments API',
    tags: 'Node,Express,PostgreSQL',
    summary: 'A REST API for peer-to-peer mobile payments across West Africa.',
    tasks: [
      'Wallet ledger schema',
      'Transfer endpoint',
      'Webhook signatures',
      'Rate limiting',
      'Reconciliation report',
    ],
  },
  {
    name: 'Trip Planner',
    tags: 'Vue,Node,MongoDB',
    summary: 'An itinerary planner where travellers drag activities onto a day-by-day timeline.',
    tasks: ['Timeline drag and drop', 'Hotel search', 'Share itinerary link', 'Offline mode', 'Map view'],
  },
  {
    name: 'Patient Portal',
    tags: 'React,AWS',
    summary: 'A secure portal where patients book appointments and read their results.',
    tasks: ['Appointment booking', 'Results viewer', 'Two-factor login', 'Audit log', 'Accessibility review'],
  },
  {
    name: 'Solar Monitoring Dashboard',
    tags: 'Vue,GCP,PostgreSQL',
    summary: 'Live charts of output and faults from 2,000 rooftop installations.',
    tasks: ['Time-series ingestion', 'Fault alerts', 'Site overview map', 'CSV export', 'Role-based access'],
  },
  {
    name: 'Field Survey App',
    tags: 'React,Node,MongoDB',
    summary: 'Collect survey answers offline and sync them when back online.',
    tasks: ['Form builder', 'Offline sync', 'Photo upload', 'Admin dashboard', 'Data export'],
  },
  {
    name: 'Kubernetes Migration',
    tags: 'Kubernetes,Docker,GCP',
    summary: 'Move eleven services from VMs to a managed Kubernetes cluster.',
    tasks: ['Helm charts', 'CI pipeline', 'Secrets management', 'Blue-green deploys', 'Load testing'],
  },
  {
    name: 'Loyalty Program',
    tags: 'React,Express,MySQL',
    summary: 'Points, tiers and rewards for a chain of 40 coffee shops.',
    tasks: ['Points engine', 'Reward catalogue', 'Staff app', 'Tier upgrades', 'Monthly statements'],
  },
  {
    name: 'Booking Widget',
    tags: 'Vue,Node',
    summary: 'An embeddable booking widget for tour operators.',
    tasks: ['Availability calendar', 'Embed script', 'Stripe checkout', 'Reminder e-mails', 'Analytics events'],
  },
  {
    name: 'Energy Tariff Comparison',
    tags: 'React,Azure',
    summary: 'Help households compare tariffs with their real usage data.',
    tasks: ['Usage import', 'Tariff engine', 'Comparison page', 'Switch flow', 'Savings report'],
  },
  {
    name: 'Telehealth Video Visits',
    tags: 'React,Node,AWS',
    summary: 'Video consultations with waiting rooms and visit notes.',
    tasks: ['Waiting room', 'Video call', 'Visit notes', 'Prescription PDF', 'Call quality metrics'],
  },
  {
    name: 'Warehouse Inventory',
    tags: 'Node,PostgreSQL,Docker',
    summary: 'Barcode-driven stock tracking for three warehouses.',
    tasks: ['Barcode scanning', 'Stock levels', 'Transfers', 'Low-stock alerts', 'Cycle counts'],
  },
  {
    name: 'Community Forum',
    tags: 'Vue,Express,MongoDB',
    summary: 'A moderated forum for our customers with search and badges.',
    tasks: ['Thread list', 'Search', 'Moderation queue', 'Badges', 'E-mail digests'],
  },
  {
    name: 'Analytics Pipeline',
    tags: 'GCP,PostgreSQL',
    summary: 'Daily pipelines from our product events into a reporting warehouse.',
    tasks: ['Event schema', 'Ingestion job', 'Daily aggregates', 'Dashboard', 'Data quality checks'],
  },
  {
    name: 'Recruiting Portal',
    tags: 'React,Node,Azure',
    summary: 'Job postings, applications and interview scheduling in one place.',
    tasks: ['Job board', 'Application form', 'Interview scheduler', 'Candidate pipeline', 'Offer letters'],
  },
];

/**
 * Which client (index into CLIENTS) owns each project, by line of business, so a project reads as
 * its company's own ("Telehealth Video Visits" by Kumo Health, not by an energy company).
 */
const PROJECT_CLIENT: Record<string, number> = {
  'Storefront Rebuild': 0,
  'Mobile Payments API': 1,
  'Trip Planner': 2,
  'Patient Portal': 3,
  'Solar Monitoring Dashboard': 4,
  'Field Survey App': 5,
  'Kubernetes Migration': 1,
  'Loyalty Program': 0,
  'Booking Widget': 2,
  'Energy Tariff Comparison': 4,
  'Telehealth Video Visits': 3,
  'Warehouse Inventory': 0,
  'Community Forum': 5,
  'Analytics Pipeline': 5,
  'Recruiting Portal': 1,
};

const STAGES = ['Unassigned', 'ToDo', 'In Progress', 'Review', 'Complete'] as const;

function describe(p: (typeof PROJECTS)[number], company: string) {
  return `## About\n\n${p.summary}\n\n${company} is looking for experienced developers to join a small team.\n\n## What you will do\n\n${p.tasks.map((t) => `- ${t}`).join('\n')}\n\n## How we work\n\nWe plan on the board, review work every week and pay each task in USDT when it is complete.`;
}

async function seedDemo(database: Database, config: AppContext['config'], force: boolean) {
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
  const daysAgo = (d: number) => new Date(now - d * 86_400_000);

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
        emailVerifiedAt: daysAgo(60 - i),
        createdAt: daysAgo(60 - i),
      })),
    )
    .returning();

  const devRows = await db
    .insert(users)
    .values(
      DEVELOPERS.map(([firstName, lastName, title, location, tags], i) => {
        const username = `${firstName.normalize('NFKD').replace(/[^\w]/g, '').toLowerCase()}-${lastName.toLowerCase()}${run}`;
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
          emailVerifiedAt: daysAgo(50 - i),
          reviewStatus: 'approved' as const,
          about: `${title} with ${4 + (i % 8)} years of experience shipping production software.`,
          profile: `## Hi, I'm ${firstName}\n\nI am a ${title.toLowerCase()} based in ${location}. I care about clear code, tests and shipping small increments.\n\n### Recent work\n\n- Led a rewrite of a ${tags[0]} application used by 200k people\n- Mentored junior developers\n- Wrote the team's deployment runbooks`,
          github: `https://github.com/${username}`,
          featuredAt: i % 4 === 0 ? daysAgo(i) : null,
          createdAt: daysAgo(50 - i),
        };
      }),
    )
    .returning();

  // Money goes through the ledger's own functions, so balances and the ledger agree.
  const ctx = { db, database, config, log: console } as unknown as AppContext;
  let money = true;
  try {
    for (const c of clientRows) await recordCompletedDeposit(ctx, c.id, 25_000_000_000n);
  } catch (err) {
    money = false;
    console.warn(`Skipping money (deposits failed: ${(err as Error).message})`);
  }

  let taskCount = 0;
  for (const [i, p] of PROJECTS.entries()) {
    const clientIndex = PROJECT_CLIENT[p.name] ?? i % CLIENTS.length;
    const owner = clientRows[clientIndex];
    const company = CLIENTS[clientIndex][3];
    const handle = `${slugify(p.name)}${run}`;
    const members = [devRows[i % devRows.length], devRows[(i + 5) % devRows.length]];
    await db.transaction(async (tx) => {
      const [project] = await tx
        .insert(projects)
        .values({
          handle,
          key: `${keyOf(p.name)}${run ? run.slice(1).toUpperCase() : ''}`.slice(0, 8),
          name: p.name,
          company,
          description: describe(p, company),
          shortDescription: shortDescriptionOf(p.summary),
          tags: p.tags,
          image: generatedImage(handle),
          ownerId: owner.id,
          visibility: i === 14 ? 'Private' : 'Public',
          verifiedAt: i % 3 === 0 ? daysAgo(10 + i) : null,
          featuredAt: i % 4 === 1 ? daysAgo(i) : null,
          createdAt: daysAgo(40 - i * 2),
        })
        .returning();
      await tx
        .insert(projectMembers)
        .values([
          { projectId: project.id, userId: owner.id, role: 'Owner' },
          ...members.map((m) => ({ projectId: project.id, userId: m.id, role: 'Admin' as const })),
        ]);
      for (const [k, summary] of p.tasks.entries()) {
        const stage = STAGES[k % STAGES.length];
        const assignee = stage === 'Unassigned' ? null : members[k % members.length];
        const price = BigInt(150 + ((i * 37 + k * 53) % 900)) * 1_000_000n;
        const [task] = await tx
          .insert(tasks)
          .values({
            projectId: project.id,
            number: k + 1,
            identifier: `${project.key}-${k + 1}`,
            summary,
            description: `${summary} for ${p.name}.\n\n**Done when** it is reviewed, tested and deployed.`,
            reporterId: owner.id,
            assigneeId: assignee?.id ?? null,
            price,
            dueDate: new Date(now + (7 + k * 3) * 86_400_000),
            stage,
            position: `a${k}`,
            completedAt: stage === 'Complete' ? daysAgo(2) : null,
          })
          .returning();
        if (money && assignee) {
          await holdTaskEscrow(tx, { taskId: task.id, ownerId: owner.id, amount: price });
          if (stage === 'Complete') {
            await payTaskEscrow(tx, { taskId: task.id, assigneeId: assignee.id, projectId: project.id });
            await reviewPaidTask(tx, {
              taskId: task.id,
              projectId: project.id,
              owner,
              assignee,
              tags: p.tags,
              n: i + k,
            });
          }
        }
        taskCount++;
      }
      await tx.update(projects).set({ taskSeq: p.tasks.length }).where(eq(projects.id, project.id));
      // Two developers who are not on the team have applied.
      const applicants = [devRows[(i + 2) % devRows.length], devRows[(i + 8) % devRows.length]].filter(
        (d) => !members.includes(d),
      );
      if (i !== 14) {
        await tx.insert(applications).values(
          applicants.map((d) => ({
            projectId: project.id,
            userId: d.id,
            message: `Hi ${owner.firstName}, I have built similar ${p.tags.split(',')[0]} projects and could start next week. Happy to talk through ${p.tasks[1].toLowerCase()} first.`,
          })),
        );
      }
    });
  }

  // A few conversations between clients and developers.
  for (let i = 0; i < 6; i++) {
    const client = clientRows[i];
    const dev = devRows[(i * 2) % devRows.length];
    await db.transaction(async (tx) => {
      const thread = await threadsRepo.findOrCreate(tx, client.id, dev.id);
      await threadsRepo.addMessage(tx, {
        threadId: thread.id,
        userId: client.id,
        text: `Hi ${dev.firstName}, I'm interested in your services.`,
      });
      await threadsRepo.addMessage(tx, {
        threadId: thread.id,
        userId: dev.id,
        text: `Thanks ${client.firstName}! Happy to help. What is the timeline?`,
      });
      await threadsRepo.addMessage(tx, {
        threadId: thread.id,
        userId: client.id,
        text: 'About six weeks. I will add you to the board.',
      });
    });
  }

  console.log(
    `Demo marketplace ready: ${clientRows.length} clients, ${devRows.length} approved developers, ${PROJECTS.length} projects, ${taskCount} tasks${money ? ', deposits and escrowed/paid tasks' : ' (no money: the ledger was not usable)'}.`,
  );
  console.log(`Every demo account's password is ${DEMO_PASSWORD}. Sign in as a client or a developer:`);
  console.log(`  client:    ${clientRows[0].email}`);
  console.log(`  developer: ${devRows[0].email}`);
}

const FEEDBACK_DAYS_MS = 14 * 86_400_000;

/**
 * DESIGN §11 in the demo: the owner reviews the developer of each paid task (endorsing one of the
 * project's skills) and, mostly, the developer reviews back, which reveals both. Where the
 * developer has not answered yet the owner's review stays hidden until the window closes, so
 * every rating and endorsement on a profile comes from paid, reviewed work.
 */
async function reviewPaidTask(
  tx: Tx,
  t: { taskId: string; projectId: string; owner: { id: string }; assignee: { id: string }; tags: string; n: number },
) {
  const skill = t.tags.split(',').find((tag) => (TAGS as readonly string[]).includes(tag));
  const both = t.n % 5 !== 0;
  const hiddenUntil = new Date(Date.now() + FEEDBACK_DAYS_MS);
  await reviewsRepo.insert(tx, {
    taskId: t.taskId,
    projectId: t.projectId,
    reviewerId: t.owner.id,
    revieweeId: t.assignee.id,
    subject: 'developer',
    rating: t.n % 4 === 0 ? 4 : 5,
    text: OWNER_REVIEWS[(t.n + t.taskId.charCodeAt(0)) % OWNER_REVIEWS.length],
    tags: skill ? [skill] : [],
    visibleAt: hiddenUntil,
  });
  if (!both) return;
  await reviewsRepo.insert(tx, {
    taskId: t.taskId,
    projectId: t.projectId,
    reviewerId: t.assignee.id,
    revieweeId: t.owner.id,
    subject: 'client',
    rating: t.n % 3 === 0 ? 4 : 5,
    text: DEVELOPER_REVIEWS[t.n % DEVELOPER_REVIEWS.length],
    tags: [],
    visibleAt: hiddenUntil,
  });
  await reviewsRepo.revealTask(tx, t.taskId);
}

const OWNER_REVIEWS = [
  'Delivered ahead of schedule with tests and clear notes.',
  'Great communication; the change shipped without a hitch.',
  'Solid work, asked the right questions early.',
];
const DEVELOPER_REVIEWS = [
  'Clear brief and quick feedback. Paid promptly.',
  'Well-organised client, a pleasure to work with.',
];

/** CLI commands of the projects issue. */
export const projectsCommands: Record<string, CliCommand> = {
  'seed-demo': {
    description: `Fill a believable marketplace (clients, approved developers, projects, tasks, threads, money); --force to add another set`,
    options: { force: { type: 'boolean' } },
    run: async ({ database, config, args }) => seedDemo(database, config, Boolean(args.force)),
  },
};
