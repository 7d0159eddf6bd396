import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { projectMembers, projects } from '../../src/db/schema/index';

export type ProjectOverrides = Partial<typeof projects.$inferInsert>;

/** Inserts a project owned by `ownerId` (with the owner's member row); shared by tests and seeds. */
export async function createProject(app: FastifyInstance, ownerId: string, overrides: ProjectOverrides = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [project] = await app.db
    .insert(projects)
    .values({
      handle: `project-${suffix}`,
      key: `P${suffix.toUpperCase()}`,
      name: `Project ${suffix}`,
      company: 'Acme Inc',
      description: 'A test project.',
      shortDescription: 'A test project.',
      ownerId,
      ...overrides,
    })
    .returning();
  await app.db.insert(projectMembers).values({ projectId: project.id, userId: ownerId, role: 'Owner' });
  return project;
}

/** Adds a user to a project's team with the Admin role. */
export async function addMember(app: FastifyInstance, projectId: string, userId: string) {
  await app.db.insert(projectMembers).values({ projectId, userId, role: 'Admin' });
}
