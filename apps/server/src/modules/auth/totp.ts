import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { TOTP as TOTP_SETTINGS } from '@devmarket/contract';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '../../lib/tokens';

/**
 * DESIGN §14: TOTP of RFC 6238 (SHA-1, 6 digits, 30-second steps, one step of drift each way)
 * through `otpauth`. Secrets are kept encrypted with AES-256-GCM under a key derived from SECRET,
 * and never written to the log.
 */

function keyOf(appSecret: string): Buffer {
  return createHash('sha256').update(`totp-secret:${appSecret}`).digest();
}

export function encryptSecret(appSecret: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
    '.',
  );
}

export function decryptSecret(appSecret: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

const totpOf = (base32: string, label = '') =>
  new TOTP({
    issuer: TOTP_SETTINGS.issuer,
    label,
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.period,
    secret: Secret.fromBase32(base32),
  });

/** A new 160-bit secret (base32) and its otpauth:// URL for the QR code. */
export function newTotpSecret(accountLabel: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, accountLabel).toString() };
}

/**
 * The time step a 6-digit code matches at `now` (±1 step), or null. The caller refuses a step at
 * or before the last accepted one: a code is accepted once.
 */
export function matchTotpStep(base32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_SETTINGS.window });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of a secret at a moment (tests and seeds). */
export function totpCodeAt(base32: string, at: Date): string {
  return totpOf(base32).generate({ timestamp: at.getTime() });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown: "xxxxx-xxxxx" (about 49 bits). */
export function newRecoveryCode(): string {
  const pick = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

/** Recovery codes are stored hashed; case, spaces and the dash do not matter when typed. */
export const hashRecoveryCode = (code: string) => hashToken(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);
export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{10}$/i.test(code.replace(/[\s-]/g, ''));
