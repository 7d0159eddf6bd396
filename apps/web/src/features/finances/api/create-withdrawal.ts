import type { WithdrawBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './keys';
import { userQueryOptions } from '../../../lib/session';

export const createWithdrawal = (body: WithdrawBody) => api.post('/user/withdraw', { body });

export const useCreateWithdrawal = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: userQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: financeKeys.balance });
      void qc.invalidateQueries({ queryKey: financeKeys.transactions });
    },
  });
};
