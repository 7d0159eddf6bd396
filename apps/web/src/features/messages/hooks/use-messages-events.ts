import type { Message } from '@devmarket/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime';
import { appendMessage } from '../api/get-messages';
import { messagesKeys } from '../api/get-threads';

/**
 * Live updates of the messages page: a pushed message is appended to its open thread (or the
 * thread refetched when the event was too large to carry it), and the list is refreshed. After a
 * dropped stream reconnects, everything is refetched, since events may have been missed.
 */
export function useMessagesEvents(onIncoming?: (message: Message) => void) {
  const qc = useQueryClient();
  useRealtimeEvent('message', (e) => {
    const message = 'message' in e.data ? e.data.message : undefined;
    const threadID = e.data.threadID ?? message?.threadID;
    // An invite pushed without its project's handle is refetched, so its link can be shown.
    const complete = message?.type !== 'PROJECT_INVITE' || message.projectHandle !== undefined;
    if (message?.id && message.threadID) {
      if (!complete || !appendMessage(qc, message))
        void qc.invalidateQueries({ queryKey: messagesKeys.messages(message.threadID) });
      onIncoming?.(message);
    } else if (threadID) {
      void qc.invalidateQueries({ queryKey: messagesKeys.messages(threadID) });
    }
    void qc.invalidateQueries({ queryKey: messagesKeys.threads });
  });
  useRealtimeEvent('reconnected', () => {
    void qc.invalidateQueries({ queryKey: messagesKeys.allThreads });
    void qc.invalidateQueries({ queryKey: messagesKeys.threads });
  });
}
