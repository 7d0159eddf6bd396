import type { NotificationSettings, UpdateNotificationSettingsBody } from '@devmarket/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = ['user', 'notification-settings'] as const;

/** GET /user/notification-settings. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: () => api.get('/user/notification-settings') });

/** POST /user/notification-settings (one category at a time from the switches). */
export function useUpdateNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationSettingsBody) => api.post('/user/notification-settings', { body }),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<NotificationSettings>(key);
      if (previous) qc.setQueryData(key, { email: { ...previous.email, ...body.email } });
      return { previous };
    },
    onError: (_err, _body, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
    },
    onSuccess: (res) => qc.setQueryData(key, res),
  });
}
