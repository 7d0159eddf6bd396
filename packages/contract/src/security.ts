import { z } from 'zod';
import { MSG, text } from './common';
import { type Currency, currencySchema, isValidAddress, MONEY_MSG } from './transactions';

/** DESIGN §14: accounts that cannot be taken over (two-step verification, withdrawal safety). */

export const TOTP = { digits: 6, period: 30, algorithm: 'SHA1', window: 1, issuer: 'DevMarket' } as const;
export const RECOVERY_CODE_COUNT = 10;
export const LOGIN_TICKET_MINUTES = 5;
export const LOGIN_TICKET_MAX_FAILURES = 5;
export const WITHDRAWAL_LABEL_MAX = 100;

export const SECURITY_MSG = {
  codeRequired: 'Enter the code from your authenticator app',
  codeWrong: 'This code is not valid. Enter the current code from your authenticator app.',
  ticketDead: 'This sign-in has expired. Sign in again.',
  alreadyOn: 'Two-step verification is already on',
  notOn: 'Two-step verification is not on',
  noSetup: 'Start the setup again: no setup is waiting for a code',
  labelTooLong: `Must be at most ${WITHDRAWAL_LABEL_MAX} characters`,
  addressTaken: 'This address is already in your address book',
  notInBook: 'Withdrawals go only to addresses in your address book. Add this address first.',
  coolingDown: (when: string) => `This address can be used from ${when}`,
  addressNotFound: 'Address not found',
  paused: (when: string) => `Withdrawals are paused until ${when} after a security change`,
} as const;

/** A code field: a 6-digit TOTP code or a recovery code; spaces are ignored. */
export const codeInput = text({ error: SECURITY_MSG.codeRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, SECURITY_MSG.codeRequired).max(32, SECURITY_MSG.codeWrong));

const passwordInput = text({ error: MSG.required }).min(1, MSG.required).max(200);

export const twoFactorSetupBody = z.object({ password: passwordInput });
export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

export const twoFactorEnableBody = z.object({ code: codeInput });
export const twoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });

export const twoFactorDisableBody = z.object({ password: passwordInput, code: codeInput });

/** POST /auth/login for a user with two-step verification: no token yet, a ticket for the code. */
export const twoFactorChallengeResponse = z.object({ twoFactorRequired: z.literal(true), ticket: z.string() });
export const loginResponse = z.union([z.object({ accessToken: z.string() }), twoFactorChallengeResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const loginTwoFactorBody = z.object({ ticket: text().min(1).max(200), code: codeInput });

export const withdrawalAddressSchema = z.object({
  id: z.string(),
  currency: currencySchema,
  address: z.string(),
  label: z.string(),
  usableAt: z.string(),
});
export type WithdrawalAddress = z.infer<typeof withdrawalAddressSchema>;

export const withdrawalAddressBody = z
  .object({
    currency: currencySchema,
    address: text({ error: MSG.required }).trim().min(1, MSG.required).max(200, 'Must be at most 200 characters'),
    label: text().trim().max(WITHDRAWAL_LABEL_MAX, SECURITY_MSG.labelTooLong).default(''),
  })
  .superRefine((v: { currency?: Currency; address?: string }, ctx) => {
    if (v.currency && v.address && !isValidAddress(v.currency, v.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: MONEY_MSG.address(v.currency) });
    }
  });
export type WithdrawalAddressBody = z.input<typeof withdrawalAddressBody>;

export const withdrawalSettingsBody = z.object({
  allowListOnly: z.boolean({ error: 'Must be true or false' }),
  password: passwordInput,
  code: codeInput.optional(),
});

/** The account-security part of GET /user. */
export const meSecurityShape = {
  twoFactorEnabled: z.boolean(),
  withdrawalAllowListOnly: z.boolean(),
  /** ISO time until which withdrawals are paused after a security change, or null. */
  withdrawalsPausedUntil: z.string().nullable(),
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "26 Nov 2026, 14:05" in a timezone (DESIGN §13's format), for texts the server writes. */
export function formatDateTimeIn(value: Date, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(value)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.day} ${MONTHS[(p.month ?? 1) - 1]} ${p.year}, ${two((p.hour ?? 0) % 24)}:${two(p.minute ?? 0)}`;
}
