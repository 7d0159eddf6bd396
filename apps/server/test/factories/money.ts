import { randomBytes } from 'node:crypto';
import { parseMoney } from '@devmarket/contract';
import type { FastifyInstance } from 'fastify';
import { projectMembers, projects, tasks } from '../../src/db/schema/index';
import { recordCompletedDeposit } from '../../src/modules/payments/deposits.service';
import { addMember, createProject } from './projects';
import { createUser } from './users';

/** Credits a user through the ledger (a completed USDT deposit); amount in USDT ("100" or 100n micros). */
export async function fundUser(
  app: FastifyInstance,
  userId: string,
  amount: string | number | bigint,
): Promise<string> {
  const micros = typeof amount === 'bigint' ? amount : parseMoney(String(amount));
  return recordCompletedDeposit(app.ctx, userId, micros);
}

/** A project owned by `ownerId` with a task priced `price` USDT (rows written directly, for money tests). */
export async function createPricedTask(
  app: FastifyInstance,
  opts: { ownerId: string; assigneeId?: string | null; price: string },
) {
  const suffix = randomBytes(4).toString('hex');
  const key = `M${suffix.toUpperCase()}`;
  const [project] = await app.db
    .insert(projects)
    .values({
      handle: `money-${suffix}`,
      key,
      name: `Money ${suffix}`,
      company: 'Acme',
      description: 'Test project',
      ownerId: opts.ownerId,
    })
    .returning();
  await app.db.insert(projectMembers).values({ projectId: project.id, userId: opts.ownerId, role: 'Owner' });
  if (opts.assigneeId) {
    await app.db.insert(projectMembers).values({ projectId: project.id, userId: opts.assigneeId, role: 'Admin' });
  }
  const [task] = await app.db
    .insert(tasks)
    .values({
      projectId: project.id,
      number: 1,
      identifier: `${key}-1`,
      summary: 'Build the thing',
      reporterId: opts.ownerId,
      assigneeId: opts.assigneeId ?? null,
      price: parseMoney(opts.price),
      stage: opts.assigneeId ? 'ToDo' : 'Unassigned',
    })
    .returning();
  return { project, task };
}

/** A client funded with `funds` USDT who owns a task priced `price`, assigned to a new developer. */
export async function createFundedAssignedTask(app: FastifyInstance, opts: { funds: string; price: string }) {
  const owner = await createUser(app);
  const dev = await createUser(app, { type: 'Developer' });
  await fundUser(app, owner.user.id, opts.funds);
  const { task, project } = await createPricedTask(app, {
    ownerId: owner.user.id,
    assigneeId: dev.user.id,
    price: opts.price,
  });
  return { owner, dev, task, project };
}

/** A funded owner with a project whose team has a developer and a second member (for escrow rules). */
export async function createFundedTeam(app: FastifyInstance, opts: { funds: string }) {
  const owner = await createUser(app);
  const dev = await createUser(app, { type: 'Developer' });
  const member = await createUser(app, { type: 'Developer' });
  await fundUser(app, owner.user.id, opts.funds);
  const project = await createProject(app, owner.user.id);
  await addMember(app, project.id, dev.user.id);
  await addMember(app, project.id, member.user.id);
  return { owner, dev, member, project };
}
