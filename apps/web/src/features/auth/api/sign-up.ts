import type { SignUpBody } from '@devmarket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const signUp = (body: SignUpBody) => api.post<{ accessToken: string }>('/auth/sign-up', body);

export const useSignUp = () => useMutation({ mutationFn: signUp });
