/**
 * Plain constants and texts, free of zod, so the web app's first load can import them without
 * the schema library (bundle budget). The domain files re-export them.
 */

/** Texts shared by the web forms and the server's 422 answers (spec §5). */
export const MSG = {
  required: 'This field is required.',
  email: 'Must be valid email',
  requiredShort: 'Required.',
  serverError: 'Server error, please try again later',
  unauthorized: 'Unauthorized',
  notFound: 'Not found',
  /** DESIGN §8: a lock conflict that outlived its retries. */
  busy: 'Busy, please try again',
  /** U+0000 or a lone surrogate: text PostgreSQL cannot store (DESIGN §9). */
  invalidCharacters: 'Invalid characters',
} as const;

/**
 * Spec §9 tag list: what tag pickers suggest first and what the talent page's quick buttons start
 * from. Tags are open (DESIGN §19): people may add their own (see TAG_RE).
 */
export const TAGS = [
  'Vue',
  'React',
  'Node',
  'Express',
  'MongoDB',
  'PostgreSQL',
  'MySQL',
  'Docker',
  'Kubernetes',
  'AWS',
  'Azure',
  'GCP',
] as const;

/** DESIGN §19 open tags: 1–30 characters of letters, digits, spaces and `+ # . -`, at most 12. */
export const TAG_MAX_LENGTH = 30;
export const TAGS_MAX = 12;
export const TAG_RE = /^[\p{L}\p{N} +#.-]+$/u;
export const TAG_MSG = {
  empty: 'A tag cannot be empty',
  tooLong: (tag: string) =>
    `“${tag.length > 40 ? `${tag.slice(0, 40)}…` : tag}” is longer than ${TAG_MAX_LENGTH} characters`,
  characters: (tag: string) => `“${tag}” may only use letters, digits, spaces and + # . -`,
  tooMany: `At most ${TAGS_MAX} tags`,
} as const;

/**
 * A tag list as people type it: trimmed, inner spaces collapsed, the spec's tags in their own
 * case ("react" → "React"), duplicates (compared without case) dropped. Null: fine; otherwise the
 * message of the first bad tag.
 */
export function normaliseTagList(input: readonly string[]): { tags: string[]; error: string | null } {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input) {
    const t = raw.trim().replace(/\s+/g, ' ');
    if (!t) return { tags, error: TAG_MSG.empty };
    if (t.length > TAG_MAX_LENGTH) return { tags, error: TAG_MSG.tooLong(t) };
    if (!TAG_RE.test(t)) return { tags, error: TAG_MSG.characters(t) };
    const key = t.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(TAGS.find((k) => k.toLowerCase() === key) ?? t);
  }
  if (tags.length > TAGS_MAX) return { tags, error: TAG_MSG.tooMany };
  return { tags, error: null };
}

/** Error codes with a meaning of their own (spec §8). */
export const ERROR_CODES = { alreadyApplied: 10424 } as const;

export const USER_TYPES = ['Client', 'Developer'] as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Access token and cookie lifetime (DESIGN §5 settles the spec's 7-versus-30-day conflict). */
export const ACCESS_TOKEN_DAYS = 30;
export const ACCESS_COOKIE = 'AccessToken';
/**
 * Set and cleared by the server with the HttpOnly AccessToken, readable by page script and
 * holding no secret: it only tells the app there may be a session to ask GET /user about, so a
 * guest's page sends no request that must fail (a 401 in the console).
 */
export const SESSION_HINT_COOKIE = 'dm_signed_in';
export const VERIFICATION_CODE_LENGTH = 6;
export const RESEND_SPINNER_MS = 1500;
/** Spec §5 'isEmail': a simple e-mail pattern. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Texts of the accounts flows shared by the server and the web (spec §4, §8); zod-free for the login page. */
export const AUTH_MSG = {
  incorrectLogin: 'Incorrect email or password',
  codeIncorrect: 'Incorrect code. Check your email and try again.',
  codeExpired: 'This code has expired. Request a new one.',
  codeSpent: 'Too many wrong tries. Request a new code.',
  alreadyVerified: 'Your email is already verified',
  resendTooSoon: 'Please wait a minute before requesting another email.',
  resetInvalid: 'This reset link is invalid or has expired. Request a new one.',
  currentPasswordWrong: 'Current password is incorrect',
  verificationSent: 'Verification sent. Check your email',
  accountApproved: 'Account Approved',
  accountPending: 'Account Pending',
  accountUpdated: 'Account updated successfully.',
  profileUpdated: 'Profile updated.',
  passwordUpdated: 'Password updated.',
} as const;
export * from './notification-constants';

/** Display with thousands separators and two decimals at least: "1,234.50" (DESIGN §13). */
export function displayMoney(amount: string): string {
  const [signed, frac = ''] = amount.split('.');
  const neg = signed.startsWith('-');
  const whole = (neg ? signed.slice(1) : signed).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${whole}.${frac.padEnd(2, '0')}`;
}

/**
 * A span of time as people say it: "3 minutes", "5 hours", "6 days" (issue 28: never "0.002 days").
 * Rounded to the largest whole unit; under a minute reads "less than a minute".
 */
export function humanDuration(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  return unit(Math.round(hours / 24), 'day');
}
