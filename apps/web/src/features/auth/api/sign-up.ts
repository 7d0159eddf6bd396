import type { SignUpBody } from '@devmarket/contract';
import { api } from '../../../lib/api-client';

export const signUp = (body: SignUpBody) => api.post('/auth/sign-up', { body });
