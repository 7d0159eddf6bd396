import type { CreateReviewBody } from '@devmarket/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskKeys } from './keys';
import { publicUsersKey } from '../../../lib/query-keys';

/** GET /tasks/{id}/review: may I review this task, and the reviews I may see. */
export const taskReviewQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: taskKeys.review(taskId),
    queryFn: () => api.get('/tasks/:id/review', { params: { id: taskId } }),
  });

export const useTaskReview = (taskId: string, enabled: boolean) =>
  useQuery({ ...taskReviewQueryOptions(taskId), enabled });

/** POST /tasks/{id}/review. */
export function useCreateReview(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => api.post('/tasks/:id/review', { params: { id: taskId }, body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: taskReviewQueryOptions(taskId).queryKey });
      // Ratings shown on profiles and cards may have changed (the second review reveals both).
      void qc.invalidateQueries({ queryKey: publicUsersKey });
    },
  });
}
