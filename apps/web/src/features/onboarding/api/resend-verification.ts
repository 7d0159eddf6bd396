import { api } from '../../../lib/api-client';

export const resendVerification = () => api.post<{ ok: true }>('/user/resend-verification-email');
