import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './url-guard';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept (DESIGN §16). */
export const RESPONSE_KEEP_BYTES = 1024;

export type SendResult = { statusCode: number; response: string };

/**
 * POSTs a delivery to the checked address of its target (the Host header and TLS name stay the
 * URL's), follows no redirect (a 3xx is just a non-2xx answer), gives up after 10 s, and reads at
 * most 1 KB of the answer.
 */
export function postToTarget(
  target: WebhookTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendResult> {
  // Pinned: whatever name the URL has, the socket goes to the address that was checked.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, result?: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      if (err) reject(err);
      else resolve(result as SendResult);
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'DevMarket-Webhooks/1.0',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish(null, {
            statusCode: res.statusCode ?? 0,
            response: Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8'),
          });
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_KEEP_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_KEEP_BYTES) done();
        });
        res.on('end', done);
        res.on('error', (err) => finish(err));
      },
    );
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('error', (err) => finish(err));
    req.end(body);
  });
}
