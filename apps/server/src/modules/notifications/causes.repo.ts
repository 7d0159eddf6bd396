import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { projects, tasks, transactions, users } from '../../db/schema/index';

/** What a notification's title and body name: the project, task, transaction or person concerned. */
export const causesRepo = {
  async project(exec: Executor, projectId: string) {
    const [row] = await exec
      .select({ id: projects.id, name: projects.name, handle: projects.handle, ownerId: projects.ownerId })
      .from(projects)
      .where(eq(projects.id, projectId));
    return row ?? null;
  },

  async userName(exec: Executor, userId: string): Promise<string> {
    const [row] = await exec
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return row ? `${row.firstName} ${row.lastName}`.trim() : 'Someone';
  },

  async task(exec: Executor, taskId: string) {
    const [row] = await exec
      .select({
        identifier: tasks.identifier,
        summary: tasks.summary,
        price: tasks.price,
        dueDate: tasks.dueDate,
        assigneeId: tasks.assigneeId,
        projectName: projects.name,
        ownerId: projects.ownerId,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(eq(tasks.id, taskId));
    return row ?? null;
  },

  async transaction(exec: Executor, transactionId: string) {
    const [row] = await exec
      .select({
        userId: transactions.userId,
        amount: transactions.amount,
        currency: transactions.currency,
        failureReason: transactions.failureReason,
      })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    return row ?? null;
  },
};
