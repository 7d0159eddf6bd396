import { Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config';
import type { FileStorage } from './storage';

/**
 * Files in an S3-compatible bucket (DESIGN §18), behind the same interface as the disk store.
 * Uploads stream through lib-storage's multipart upload (5 MB parts, never the whole file in
 * memory); an object appears only when its upload completes, so a cut upload leaves nothing.
 */
export function createS3Storage(cfg: S3Config): FileStorage & { check(): Promise<void> } {
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    credentials:
      cfg.accessKeyId && cfg.secretAccessKey
        ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
        : undefined,
  });
  const Bucket = cfg.bucket;
  return {
    async put(key, body) {
      let size = 0;
      const counted = body.pipe(
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            size += chunk.length;
            done(null, chunk);
          },
        }),
      );
      // A failing source (a size limit, a cut connection) must abort the upload, not hang it.
      body.once('error', (err) => counted.destroy(err));
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: counted }, queueSize: 2 });
      await upload.done();
      return { size };
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
      } catch (err) {
        if (err instanceof NoSuchKey || err instanceof NotFound) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    /** Start-up check: the bucket exists and these credentials reach it. */
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
