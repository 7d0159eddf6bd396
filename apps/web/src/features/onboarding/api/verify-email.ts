import { api } from '../../../lib/api-client';

/** The 6-digit code with the bearer token (spec §7 GET /auth/verify-email/{token}). */
export const verifyEmail = (code: string) =>
  api.get<{ verified: boolean }>(`/auth/verify-email/${encodeURIComponent(code)}`);
