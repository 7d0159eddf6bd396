import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { projectKeys } from '../../../lib/projects';

export type InviteResult = { status: 'invited' | 'added'; messageID: string | null };

/** POST /invites/projects/{id}: invites a user, or adds an applicant to the team at once. */
export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, userID }: { projectId: string; userID: string }) =>
      api.post('/invites/projects/:id', { params: { id: projectId }, body: { userID } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
