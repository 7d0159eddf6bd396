import { TASK_MSG } from '@devmarket/contract';
import type { Executor } from '../../db/client';
import { statement, statementRows } from '../../db/raw';
import { forbidden, notFound } from '../../lib/errors';

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

/** Every request in a project's workspace runs it first: prepared by name (db/raw.ts). */
const PROJECT_ACCESS = statement(
  'project_access',
  `select p.id, p.owner_id, p.key, p.name, p.handle, p.visibility,
          (p.owner_id = $1 or exists (
            select 1 from project_members m where m.project_id = p.id and m.user_id = $1
          )) as is_member
        from projects p where p.id = $2`,
);

/** Who hears a project's events; every task write runs it after its transaction. */
const MEMBER_IDS = statement(
  'project_member_ids',
  `select user_id from project_members where project_id = $1
        union select owner_id from projects where id = $1`,
);

type Row = {
  id: string;
  owner_id: string;
  key: string;
  name: string;
  handle: string;
  visibility: 'Public' | 'Private';
  is_member: boolean;
};

/**
 * Loads the project and the user's standing in it. A private project does not exist for
 * outsiders (404); signed-in outsiders may read a public project's tasks but change nothing.
 */
export async function loadProjectAccess(exec: Executor, projectId: string, userId: string): Promise<ProjectAccess> {
  const [row] = await statementRows<Row>(exec, PROJECT_ACCESS, [userId, projectId]);
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

/** The ids of everyone on the team (owner included): who may pick an assignee and who hears events. */
export async function projectMemberIds(exec: Executor, projectId: string): Promise<string[]> {
  const rows = await statementRows<{ user_id: string }>(exec, MEMBER_IDS, [projectId]);
  return rows.map((r) => r.user_id);
}
