import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appendMessage } from './get-messages';
import { messagesKeys } from './get-threads';

/** POST /threads/{id}/messages. */
export const postThreadMessage = (threadId: string, text: string) =>
  api.post('/threads/:id/messages', { params: { id: threadId }, body: { text } });

export function usePostThreadMessage(threadId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postThreadMessage(threadId, text),
    onSuccess: (message) => {
      if (!appendMessage(qc, message)) void qc.invalidateQueries({ queryKey: messagesKeys.messages(threadId) });
      void qc.invalidateQueries({ queryKey: messagesKeys.threads });
    },
  });
}
