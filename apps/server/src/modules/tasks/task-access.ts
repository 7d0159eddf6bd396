import { TASK_MSG } from '@devmarket/contract';
import type { Executor } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { tasksRepo } from './tasks.repo';

/** What a user may do in a project's workspace (DESIGN §4 visibility and roles). */
export type ProjectAccess = {
  projectId: string;
  ownerId: string;
  key: string;
  name: string;
  handle: string;
  visibility: 'Public' | 'Private';
  isMember: boolean;
  isOwner: boolean;
};

/**
 * Loads the project and the user's standing in it. A private project does not exist for
 * outsiders (404); signed-in outsiders may read a public project's tasks but change nothing.
 */
export async function loadProjectAccess(exec: Executor, projectId: string, userId: string): Promise<ProjectAccess> {
  const row = await tasksRepo.projectStanding(exec, projectId, userId);
  if (!row || (row.visibility !== 'Public' && !row.is_member)) throw notFound('Project not found');
  return {
    projectId: row.id,
    ownerId: row.owner_id,
    key: row.key,
    name: row.name,
    handle: row.handle,
    visibility: row.visibility,
    isMember: row.is_member,
    isOwner: row.owner_id === userId,
  };
}

/** Changing anything in a project is for its members. */
export function assertMember(access: ProjectAccess): void {
  if (!access.isMember) throw forbidden(TASK_MSG.membersOnly);
}

/** Everyone on the team (owner included): who may pick an assignee and who hears events. */
export const projectMemberIds = (exec: Executor, projectId: string) => tasksRepo.projectMemberIds(exec, projectId);
