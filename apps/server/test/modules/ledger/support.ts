import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { checkLedger } from '../../../src/modules/ledger/ledger-check';
import { call } from '../../helper';

export const VALID = {
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  BTC_LEGACY: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  ETH: '0x52908400098527886E0F7030069857D2E4169EE7',
  TRON: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
};

export async function expectLedgerOk(app: FastifyInstance) {
  const report = await checkLedger(app.db);
  expect(report.problems).toEqual([]);
}

export async function balanceOf(app: FastifyInstance, token: string) {
  const r = await call(app, 'GET', '/user/balance', { token });
  expect(r.status).toBe(200);
  return r.body as { balance: string; held: string };
}

/** Makes the jobs of a transaction due now and runs every due job once. */
export async function runJobsOf(app: FastifyInstance, transactionId: string) {
  await app.db.execute(
    sql`update jobs set run_at = now() - interval '1 second' where payload->>'transactionId' = ${transactionId}`,
  );
  return runDueJobs(app.ctx, jobHandlers);
}
