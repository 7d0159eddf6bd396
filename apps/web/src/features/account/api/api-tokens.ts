import type { CreateApiTokenBody } from '@devmarket/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Keys of the account's personal access tokens (DESIGN §16). */
export const apiTokenKeys = { all: ['user', 'api-tokens'] as const };

/** GET /user/tokens: never the tokens themselves. */
export const apiTokensQueryOptions = () =>
  queryOptions({ queryKey: apiTokenKeys.all, queryFn: () => api.get('/user/tokens') });

/** POST /user/tokens: the answer holds the token, shown once. */
export function useCreateApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => api.post('/user/tokens', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

/** DELETE /user/tokens/{id}: refused from the next request on. */
export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/user/tokens/:id', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
