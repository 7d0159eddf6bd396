import type { ResolveDisputeBody } from '@devmarket/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type DisputeStatus = 'Open' | 'Resolved';

export const adminDisputesQueryOptions = (status: DisputeStatus) =>
  queryOptions({
    queryKey: adminKeys.disputeList(status),
    queryFn: () => api.get('/admin/disputes', { query: { status } }),
    // New disputes arrive without a push to staff: look again now and then, as the transactions tab does.
    refetchInterval: 15_000,
  });

export const useAdminDisputes = (status: DisputeStatus) => useQuery(adminDisputesQueryOptions(status));

/** GET /admin/disputes/{id}: the dispute with the task's comments and files and the parties' messages. */
export const useAdminDispute = (id: string | null) =>
  useQuery({
    queryKey: adminKeys.dispute(id),
    queryFn: () => api.get('/admin/disputes/:id', { params: { id: id ?? '' } }),
    enabled: !!id,
  });

/** POST /admin/disputes/{id}/resolve; every dispute list refreshes. */
export function useResolveDispute(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveDisputeBody) => api.post('/admin/disputes/:id/resolve', { params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.disputes }),
  });
}
