import type { LoginBody } from '@devmarket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api.post<{ accessToken: string }>('/auth/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
