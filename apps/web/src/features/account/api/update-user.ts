import type { UpdateUserBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/session';

export const updateUser = (body: UpdateUserBody) => api.post('/user', { body });

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: (me) => qc.setQueryData(userQueryOptions().queryKey, me) });
}
