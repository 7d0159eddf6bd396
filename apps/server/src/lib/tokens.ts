import { createHash, randomBytes, randomInt, timingSafeEqual, createHmac } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored hashed: a leaked table does not leak sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const newDigitCode = (length = 6) => Array.from({ length }, () => randomInt(0, 10)).join('');

export function hmac(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
