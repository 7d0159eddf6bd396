import type { ResetPasswordBody } from '@devmarket/contract';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: ResetPasswordBody) => api.post('/auth/reset-password', { body });
