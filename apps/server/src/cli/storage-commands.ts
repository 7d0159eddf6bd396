import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createDiskStorage, isStorageKey, storageFor } from '../lib/storage';
import { CliError, type CliCommand } from './types';

/** Every file under `root`, as a storage key (`tasks/<taskId>/<fileId>`, `avatars/<uuid>.webp`). */
async function* keysUnder(root: string, dir = root): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* keysUnder(root, full);
    // `.part` files are uploads that never finished: nothing refers to them.
    else if (e.isFile() && !e.name.endsWith('.part')) yield path.relative(root, full).split(path.sep).join('/');
  }
}

export const storageCommands: Record<string, CliCommand> = {
  'storage-migrate': {
    description:
      'Copy the disk store (DATA_DIR/uploads) into the S3 bucket of S3_BUCKET, streaming each file; files already in the bucket with the same size are skipped, so it can run again',
    noDatabase: true,
    async run({ config }) {
      if (!config.s3) throw new CliError('Set S3_BUCKET (and S3_ENDPOINT, S3_* as needed) to the bucket to copy into');
      const root = path.join(config.dataDir, 'uploads');
      const disk = createDiskStorage(root);
      const bucket = storageFor(config);
      let copied = 0;
      let skipped = 0;
      for await (const key of keysUnder(root)) {
        if (!isStorageKey(key)) {
          console.warn(`storage-migrate: skipped ${key} (not a key the server makes)`);
          continue;
        }
        const source = await disk.get(key);
        if (!source) continue;
        const there = await bucket.get(key);
        if (there) {
          there.stream.destroy();
          if (there.size === source.size) {
            source.stream.destroy();
            skipped++;
            continue;
          }
        }
        await bucket.put(key, source.stream);
        copied++;
      }
      console.log(`storage-migrate: ${copied} copied, ${skipped} already in s3://${config.s3.bucket}`);
    },
  },
};
