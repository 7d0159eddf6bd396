import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './keys';
import { userQueryOptions } from '../../../lib/session';

export const cancelTransaction = (id: string) => api.post('/transactions/:id/cancel', { params: { id } });

/** POST /transactions/{id}/cancel: the owner takes back a pending withdrawal. */
export const useCancelTransaction = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelTransaction,
    onSuccess: (t) => {
      qc.setQueryData(financeKeys.transaction(t.id), t);
      void qc.invalidateQueries({ queryKey: userQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: financeKeys.balance });
      void qc.invalidateQueries({ queryKey: financeKeys.transactions });
    },
  });
};
