import { api } from '../../../lib/api-client';

/** POST /invites/projects/{id} {userID}: the Hire action of the messages profile panel. */
export const inviteToProject = (projectId: string, userID: string) =>
  api.post('/invites/projects/:id', { params: { id: projectId }, body: { userID } });
