import type { AdminDeveloper, AdminDeveloperList, ReviewStatus } from '@devmarket/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const adminDevelopersQueryOptions = (status: ReviewStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'developers', status, page] as const,
    queryFn: () => api.get<AdminDeveloperList>('/admin/developers', { query: { status, page } }),
  });

export const useAdminDevelopers = (status: ReviewStatus, page: number) =>
  useQuery(adminDevelopersQueryOptions(status, page));

/** Approve or reject; both refresh every developer list. */
export function useReviewDeveloper() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'approve' | 'reject'; reason?: string }) =>
      api.post<AdminDeveloper>(`/admin/developers/${id}/${action}`, action === 'reject' ? { reason } : undefined),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'developers'] }),
  });
}
