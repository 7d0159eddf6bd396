import type { WithdrawalAddressBody } from '@devmarket/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/session';

/** The account feature's query keys for DESIGN §14 (under the user's own key). */
export const securityKeys = {
  withdrawalAddresses: ['user', 'withdrawal-addresses'] as const,
};

export const withdrawalAddressesQueryOptions = () =>
  queryOptions({ queryKey: securityKeys.withdrawalAddresses, queryFn: () => api.get('/user/withdrawal-addresses') });

/** Mutations that change what GET /user says refresh it. */
function useUserMutation<B, R>(fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: userQueryOptions().queryKey, exact: true }),
  });
}

export const useSetupTwoFactor = () =>
  useMutation({ mutationFn: (body: { password: string }) => api.post('/user/2fa/setup', { body }) });
export const useEnableTwoFactor = () =>
  useUserMutation((body: { code: string }) => api.post('/user/2fa/enable', { body }));
export const useDisableTwoFactor = () =>
  useUserMutation((body: { password: string; code: string }) => api.post('/user/2fa/disable', { body }));
export const useWithdrawalSettings = () =>
  useUserMutation((body: { allowListOnly: boolean; password: string; code?: string }) =>
    api.post('/user/withdrawal-settings', { body }),
  );

export function useAddWithdrawalAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalAddressBody) => api.post('/user/withdrawal-addresses', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: securityKeys.withdrawalAddresses }),
  });
}

export function useDeleteWithdrawalAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/user/withdrawal-addresses/:id', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: securityKeys.withdrawalAddresses }),
  });
}
