import type { UpdateProfileBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/session';
import { publicUsersKey } from '../../../lib/query-keys';

export const updateProfile = (body: UpdateProfileBody) => api.post('/user/update-profile', { body });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      qc.setQueryData(userQueryOptions().queryKey, me);
      void qc.invalidateQueries({ queryKey: publicUsersKey });
    },
  });
}
