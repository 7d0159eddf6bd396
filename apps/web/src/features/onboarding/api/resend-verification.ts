import { api } from '../../../lib/api-client';

export const resendVerification = () => api.post('/user/resend-verification-email');
