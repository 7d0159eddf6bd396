import type { WithdrawBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const createWithdrawal = (body: WithdrawBody) => api.post<{ id: string }>('/user/withdraw', body);

export const useCreateWithdrawal = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['user'] });
      void qc.invalidateQueries({ queryKey: ['balance'] });
      void qc.invalidateQueries({ queryKey: ['transactions'] });
    },
  });
};
