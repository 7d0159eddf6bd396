import type { CreateWebhookBody } from '@devmarket/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The keys of this feature's queries (DESIGN §16). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  project: (projectId: string) => ['webhooks', projectId] as const,
};

/**
 * GET /projects/{id}/webhooks, with each hook's newest deliveries; refreshed every few seconds
 * while a delivery is still pending, so "Send test" turns into "delivered" by itself.
 */
export const webhooksQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: webhookKeys.project(projectId),
    queryFn: () => api.get('/projects/:id/webhooks', { params: { id: projectId } }),
    refetchInterval: (q) =>
      q.state.data?.some((h) => h.lastDeliveries.some((d) => d.status === 'pending')) ? 2000 : false,
  });

export function useCreateWebhook(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api.post('/projects/:id/webhooks', { params: { id: projectId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.project(projectId) }),
  });
}

export function useDeleteWebhook(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hookId: string) => api.delete('/projects/:id/webhooks/:hookId', { params: { id: projectId, hookId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.project(projectId) }),
  });
}

export function useSendTestWebhook(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hookId: string) =>
      api.post('/projects/:id/webhooks/:hookId/test', { params: { id: projectId, hookId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.project(projectId) }),
  });
}
