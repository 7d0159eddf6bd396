import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { projectMembers, projects, tasks } from '../../src/db/schema/index';
import { accountId, postJournal } from '../../src/modules/ledger/ledger.repo';

/** Inserts a project with its owner's member row (the tasks tests need no projects API). */
export async function createProject(
  app: FastifyInstance,
  ownerId: string,
  overrides: Partial<typeof projects.$inferInsert> = {},
) {
  const suffix = randomBytes(3).toString('hex');
  const [project] = await app.db
    .insert(projects)
    .values({
      handle: `proj-${suffix}`,
      key: `P${suffix.toUpperCase()}`,
      name: `Project ${suffix}`,
      company: 'Acme',
      description: 'A test project',
      ownerId,
      ...overrides,
    })
    .returning();
  await app.db.insert(projectMembers).values({ projectId: project.id, userId: ownerId, role: 'Owner' });
  return project;
}

export async function addMember(app: FastifyInstance, projectId: string, userId: string) {
  await app.db.insert(projectMembers).values({ projectId, userId, role: 'Admin' });
}

/** Inserts many tasks in one statement (for list and performance tests). */
export async function insertTasks(
  app: FastifyInstance,
  project: { id: string; key: string },
  reporterId: string,
  count: number,
  overrides: Partial<typeof tasks.$inferInsert> = {},
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    projectId: project.id,
    number: 1000 + i,
    identifier: `${project.key}-${1000 + i}`,
    summary: `Bulk task ${i + 1}`,
    reporterId,
    ...overrides,
  }));
  return app.db.insert(tasks).values(rows).returning();
}

/** Credits a user's available balance from a test provider account (no deposit flow needed). */
export async function fundUser(app: FastifyInstance, userId: string, amount: bigint) {
  await app.db.transaction(async (tx) => {
    await postJournal(tx, {
      kind: 'test-credit',
      postings: [
        { accountId: await accountId(tx, null, 'provider:test'), amount: -amount },
        { accountId: await accountId(tx, userId, 'user_available'), amount },
      ],
    });
  });
}
