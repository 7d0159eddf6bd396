import { z } from 'zod';
import { MSG, requiredString, text } from './common';
import {
  ACCESS_COOKIE,
  AUTH_MSG,
  ACCESS_TOKEN_DAYS,
  EMAIL_RE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESEND_SPINNER_MS,
  USER_TYPES,
  VERIFICATION_CODE_LENGTH,
} from './constants';

export {
  ACCESS_COOKIE,
  AUTH_MSG,
  ACCESS_TOKEN_DAYS,
  EMAIL_RE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESEND_SPINNER_MS,
  USER_TYPES,
  VERIFICATION_CODE_LENGTH,
};

export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

export const emailSchema = text({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(254, 'Must be at most 254 characters')
  .regex(EMAIL_RE, MSG.email)
  .transform((v) => v.toLowerCase());

export const passwordSchema = text({ error: MSG.required })
  .min(1, MSG.required)
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const loginBody = z.object({
  email: emailSchema,
  password: text({ error: MSG.required }).min(1, MSG.required).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const signUpBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: requiredString(100),
  lastName: text().trim().max(100).default(''),
  tos: z.literal(true, { error: 'You must accept the terms of service' }),
  type: userTypeSchema.default('Client'),
});
export type SignUpBody = z.input<typeof signUpBody>;

export const accessTokenResponse = z.object({ accessToken: z.string() });

/** The name field of the sign-up form is split on the first space (spec §5). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const i = trimmed.indexOf(' ');
  if (i === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, i), lastName: trimmed.slice(i + 1).trim() };
}

export const verifyCodeSchema = text().regex(/^\d{6}$/, 'The code is 6 digits');
/** Lifetimes and limits of e-mail verification and password reset (DESIGN §4). */
export const VERIFICATION_CODE_MINUTES = 10;
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const RESEND_INTERVAL_SECONDS = 60;
export const PASSWORD_RESET_MINUTES = 60;

export const verifyEmailResponse = z.object({ verified: z.boolean() });

export const forgotPasswordBody = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;
export const resetPasswordBody = z.object({
  token: requiredString(200),
  password: passwordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** One signed-in session of the caller (DESIGN §14); `current` is the one making the request. */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);
/** POST /user/sessions/revoke-others: how many sessions ended. */
export const revokeOthersResponse = z.object({ revoked: z.number().int() });
export type RevokeOthersResponse = z.infer<typeof revokeOthersResponse>;
