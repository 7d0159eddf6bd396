import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AVATAR_SIZE } from '@devmarket/contract';
import sharp from 'sharp';
import { invalid } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';

export const AVATAR_TYPE_MSG = 'The image must be a PNG, JPEG, WebP or GIF file';
export const AVATAR_KEY_RE = /^[0-9a-f-]{36}\.webp$/;

/**
 * Avatars live in the file storage (lib/storage.ts) under `avatars/<key>`, so every instance
 * reads what any instance wrote once the store is shared; the user row keeps `<key>` alone.
 */
const storageKey = (key: string) => `avatars/${key}`;

/** What the bytes are, whatever the name or declared type says. */
export function sniffImageType(b: Buffer): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 6 &&
    (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')
  )
    return 'gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Resizes to a square WebP avatar (first frame of an animation) and stores it; returns its key. */
export async function storeAvatar(storage: FileStorage, input: Buffer): Promise<string> {
  if (!sniffImageType(input)) throw invalid({ image: AVATAR_TYPE_MSG }, AVATAR_TYPE_MSG);
  let out: Buffer;
  try {
    out = await sharp(input, { limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalid({ image: 'The image could not be read' }, 'The image could not be read');
  }
  const key = `${randomUUID()}.webp`;
  await storage.put(storageKey(key), Readable.from(out));
  return key;
}

/** The stored avatar's bytes, or null for a key that is not an avatar's or is gone. */
export async function openAvatar(storage: FileStorage, key: string) {
  if (!AVATAR_KEY_RE.test(key)) return null;
  return storage.get(storageKey(key));
}

export async function deleteAvatar(storage: FileStorage, key: string | null): Promise<void> {
  if (!key || !AVATAR_KEY_RE.test(key)) return;
  await storage.delete(storageKey(key));
}
