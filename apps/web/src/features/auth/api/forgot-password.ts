import type { ForgotPasswordBody } from '@devmarket/contract';
import { api } from '../../../lib/api-client';

export const forgotPassword = (body: ForgotPasswordBody) => api.post('/auth/forgot-password', { body });
