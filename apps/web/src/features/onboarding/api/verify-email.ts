import { api } from '../../../lib/api-client';

/** The 6-digit code with the bearer token (spec §7 GET /auth/verify-email/{token}). */
export const verifyEmail = (code: string) => api.get('/auth/verify-email/:token', { params: { token: code } });
