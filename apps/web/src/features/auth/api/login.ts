import type { LoginBody } from '@devmarket/contract';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api.post('/auth/login', { body });

/** DESIGN §14: the second step of a sign-in with two-step verification. */
export const loginTwoFactor = (body: { ticket: string; code: string }) => api.post('/auth/login/2fa', { body });
