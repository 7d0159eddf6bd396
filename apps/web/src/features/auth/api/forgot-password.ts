import type { ForgotPasswordBody } from '@devmarket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const forgotPassword = (body: ForgotPasswordBody) => api.post<{ ok: true }>('/auth/forgot-password', body);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
