import type { UpdateUserBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { userQueryOptions } from './session';

export const updateUser = (body: UpdateUserBody) => api.post('/user', { body });

/** POST /user (the account's details, the onboarding's profile and links): the answer becomes the signed-in user. */
export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: (me) => qc.setQueryData(userQueryOptions().queryKey, me) });
}
