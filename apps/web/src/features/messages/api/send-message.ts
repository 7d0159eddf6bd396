import type { SendMessageBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appendMessage } from './get-messages';
import { messagesKeys } from './get-threads';

/** POST /messages: the first message to a user creates the thread; the answer carries threadID. */
export const sendMessage = (body: SendMessageBody) => api.post('/messages', { body });

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      appendMessage(qc, message);
      void qc.invalidateQueries({ queryKey: messagesKeys.threads });
    },
  });
}
