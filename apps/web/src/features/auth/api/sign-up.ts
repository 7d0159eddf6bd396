import type { SignUpBody } from '@devmarket/contract';
import { api } from '../../../lib/api-client';

export const signUp = (body: SignUpBody) => api.post<{ accessToken: string }>('/auth/sign-up', body);
