import type { ReviewStatus } from '@devmarket/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const adminDevelopersQueryOptions = (status: ReviewStatus, page: number) =>
  queryOptions({
    queryKey: adminKeys.developerPage(status, page),
    queryFn: () => api.get('/admin/developers', { query: { status, page } }),
  });

export const useAdminDevelopers = (status: ReviewStatus, page: number) =>
  useQuery(adminDevelopersQueryOptions(status, page));

/** Approve or reject; both refresh every developer list. */
export function useReviewDeveloper() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'approve' | 'reject'; reason?: string }) =>
      action === 'reject'
        ? api.post('/admin/developers/:userId/reject', { params: { userId: id }, body: { reason } })
        : api.post('/admin/developers/:userId/approve', { params: { userId: id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.developers }),
  });
}
