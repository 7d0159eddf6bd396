import type { LoginBody } from '@devmarket/contract';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api.post('/auth/login', { body });
