import type { FastifyInstance } from 'fastify';
import { tasks } from '../../src/db/schema/index';

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
