import type { TransactionDetail } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const cancelTransaction = (id: string) => api.post<TransactionDetail>(`/transactions/${id}/cancel`);

/** POST /transactions/{id}/cancel: the owner takes back a pending withdrawal. */
export const useCancelTransaction = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelTransaction,
    onSuccess: (t) => {
      qc.setQueryData(['transactions', 'detail', t.id], t);
      void qc.invalidateQueries({ queryKey: ['user'] });
      void qc.invalidateQueries({ queryKey: ['balance'] });
      void qc.invalidateQueries({ queryKey: ['transactions'] });
    },
  });
};
