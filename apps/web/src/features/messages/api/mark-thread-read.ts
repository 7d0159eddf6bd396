import type { Thread } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messagesKeys } from './get-threads';

/** POST /threads/{id}/read: clears the thread's unread marker (and the top bar's count). */
export function useMarkThreadRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) => api.post('/threads/:id/read', { params: { id: threadId } }),
    onMutate: (threadId) => {
      qc.setQueryData<Thread[]>(messagesKeys.threads, (list) =>
        list?.map((t) => (t.id === threadId ? { ...t, unread: 0 } : t)),
      );
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: messagesKeys.unread });
    },
    onError: (err) => console.error(err),
  });
}
