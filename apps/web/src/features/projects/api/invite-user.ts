import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type InviteResult = { status: 'invited' | 'added'; messageID: string | null };

/** POST /invites/projects/{id}: invites a user, or adds an applicant to the team at once. */
export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, userID }: { projectId: string; userID: string }) =>
      api.post<InviteResult>(`/invites/projects/${projectId}`, { userID }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['projects'] }),
  });
}
