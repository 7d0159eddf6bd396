import type { DepositBody } from '@devmarket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { financeKeys } from './keys';
import { userQueryOptions } from '../../../lib/session';

export const createDeposit = (body: DepositBody) => api.post('/user/deposit', { body });

export const useCreateDeposit = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: userQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: financeKeys.transactions });
    },
  });
};
