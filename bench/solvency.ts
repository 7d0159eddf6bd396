/**
 * Proof of liabilities at scale (DESIGN §15, docs/performance.md "Proof of liabilities"): on the
 * seed-scale data, with every user holding a balance, it measures side by side in one run
 *   1. payments alone: completed deposits through the ledger's own path (journal, entries, cached
 *      balances, notification) from CONCURRENCY workers, for SECONDS;
 *   2. the same payments while snapshots publish back to back, as the job publishes (paced:
 *      solvency.pace.ts) and at full speed: each publish's time, and the payments' throughput as
 *      a share of (1);
 *   3. proof latency: GET /user/solvency-proof's service call for PROOFS random users, one at a
 *      time, p50 and p95.
 *
 *   createdb -h 127.0.0.1 -U postgres bench_solvency
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_solvency npm run cli -- seed-scale --users 100000
 *   npx tsx bench/solvency.ts [--db URL] [--seconds 20] [--concurrency 8] [--proofs 1000]
 *
 * The first run gives every user without a ledger account a balance (one deposit journal each,
 * written in bulk SQL exactly as the ledger writes one, so ledger-check passes). Targets: publish
 * < 10 s, payments beside it >= 90 % of alone, proof p95 < 10 ms. It prints; it does not assert.
 */
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { openDatabase } from '../apps/server/src/db/client';
import { recordCompletedDeposit } from '../apps/server/src/modules/payments';
import { getSolvencyProof, publishSnapshot } from '../apps/server/src/modules/solvency';

const opt = (key: string, fallback: string) => {
  const i = process.argv.indexOf(`--${key}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DB = opt('db', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_solvency');
const SECONDS = Number(opt('seconds', '20'));
const CONCURRENCY = Number(opt('concurrency', '8'));
const PROOFS = Number(opt('proofs', '1000'));

/** Every user without a ledger account gets one deposit of 1–500 USDT: transaction, journal, two entries. */
async function giveEveryoneABalance(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const t = Date.now();
    await c.query('begin');
    await c.query(
      `insert into ledger_accounts (kind) values ('provider:simulated') on conflict (kind) where user_id is null do nothing`,
    );
    const r = await c.query(`
      with u as (
        select id as user_id, ((1 + abs(hashtext(id::text)) % 500) * 1000000 + abs(hashtext(email)) % 1000000)::bigint as amount
        from users where not exists (select 1 from ledger_accounts a where a.user_id = users.id)
      ), acc as (
        insert into ledger_accounts (user_id, kind, balance) select user_id, 'user_available', amount from u returning id, user_id, balance
      ), held as (
        insert into ledger_accounts (user_id, kind, balance) select user_id, 'user_held', 0 from u
      ), tx as (
        insert into transactions (user_id, type, status, currency, amount, provider, description, completed_at)
        select user_id, 'Deposit', 'Complete', 'USDT', amount, 'simulated', 'Deposit of USDT (bench)', now() from u
        returning id, user_id, amount
      ), j as (
        insert into journals (kind, transaction_id, idempotency_key)
        select 'deposit', tx.id, 'deposit:' || tx.id from tx returning id, transaction_id
      ), e as (
        insert into ledger_entries (journal_id, account_id, amount)
        select j.id, acc.id, tx.amount from j join tx on tx.id = j.transaction_id join acc on acc.user_id = tx.user_id
        union all
        select j.id, (select id from ledger_accounts where kind = 'provider:simulated' and user_id is null), -tx.amount
        from j join tx on tx.id = j.transaction_id
        returning amount
      )
      select count(*) filter (where amount > 0)::int as users, coalesce(sum(amount) filter (where amount > 0), 0)::text as total from e`);
    await c.query(
      `update ledger_accounts a set balance = (select coalesce(sum(amount), 0) from ledger_entries e where e.account_id = a.id)
       where kind = 'provider:simulated' and user_id is null`,
    );
    await c.query('commit');
    // Fresh statistics for 200,000 new accounts (autovacuum may be off or late): without them the
    // publish's pieces are planned as scans of the whole table.
    await c.query('analyze ledger_accounts, ledger_entries, journals, transactions');
    if (r.rows[0].users > 0)
      console.log(`gave ${r.rows[0].users} users a balance (${r.rows[0].total} micro-USDT) in ${Date.now() - t} ms`);
  } catch (err) {
    await c.query('rollback');
    throw err;
  } finally {
    await c.end();
  }
}

async function userIds(url: string, limit: number): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ id: string }>('select id from users order by random() limit $1', [limit]);
    return r.rows.map((x) => x.id);
  } finally {
    await c.end();
  }
}

/** Runs payments from CONCURRENCY workers until `stop()` says so; returns how many completed. */
async function payments(ctx: AppContext, users: string[], stop: () => boolean): Promise<number> {
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (!stop()) {
      const u = users[next++ % users.length];
      await recordCompletedDeposit(ctx, u, 1_000_000n + BigInt(next % 1000));
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function main() {
  await giveEveryoneABalance(DB);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-solvency-')),
    SECRET: 'bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ databaseUrl: DB, dataDir: config.dataDir, poolSize: CONCURRENCY + 2 });
  const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent };
  const ctx = { db: database.db, database, config, log: silent, now: () => new Date() } as unknown as AppContext;
  const payers = await userIds(DB, 5000);
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // Warm up: one publish (caches, plans) and a second of payments.
  const warm = Date.now();
  const first = await publishSnapshot(ctx);
  console.log(`warm-up publish: ${first.leaves} leaves in ${Date.now() - warm} ms`);
  let until = Date.now() + 1000;
  await payments(ctx, payers, () => Date.now() > until);

  // 1. Payments alone.
  until = Date.now() + SECONDS * 1000;
  const alone = await payments(ctx, payers, () => Date.now() > until);

  // 2. The same payments while snapshots publish back to back: as the job publishes (paced), and
  // at full speed (rest 0) for comparison.
  const beside: { label: string; rate: number; times: number[] }[] = [];
  let leaves = 0;
  for (const mode of [
    { label: 'paced (as published)', rest: undefined },
    { label: 'full speed (rest 0)', rest: 0 },
  ]) {
    until = Date.now() + SECONDS * 1000;
    const times: number[] = [];
    const publisher = (async () => {
      while (Date.now() < until) {
        const t = performance.now();
        const s = await publishSnapshot(ctx, { rest: mode.rest });
        times.push(performance.now() - t);
        leaves = s.leaves;
      }
    })();
    const done = await payments(ctx, payers, () => Date.now() > until);
    await publisher;
    beside.push({ label: mode.label, rate: done / SECONDS, times });
  }

  // Payments alone again: (1) is the mean of before and after, so a drift of the machine's load
  // during the run weighs on both sides alike.
  until = Date.now() + SECONDS * 1000;
  const aloneAfter = await payments(ctx, payers, () => Date.now() > until);
  const aloneRate = (alone + aloneAfter) / 2 / SECONDS;

  // 3. Proofs of random users in the latest snapshot, one at a time.
  const provers = await userIds(DB, PROOFS + 50);
  for (const u of provers.slice(0, 50)) await getSolvencyProof(ctx, u).catch(() => {});
  const proofTimes: number[] = [];
  for (const u of provers.slice(50)) {
    const t = performance.now();
    await getSolvencyProof(ctx, u);
    proofTimes.push(performance.now() - t);
  }

  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(
    `\nProof of liabilities on ${DB.replace(/^.*\//, '')}: ${leaves} leaves, ${CONCURRENCY} payment workers, ${SECONDS} s windows`,
  );
  console.log('measure                           value          target     ratio');
  console.log(
    `payments alone (before, after)    ${aloneRate.toFixed(1).padStart(8)} /s    (${(alone / SECONDS).toFixed(1)}, ${(aloneAfter / SECONDS).toFixed(1)})`,
  );
  for (const b of beside) {
    console.log(
      `payments beside ${b.label.padEnd(21)} ${b.rate.toFixed(1).padStart(5)} /s    >= 90 %    ${((100 * b.rate) / aloneRate).toFixed(1)} %`,
    );
    console.log(
      `  its publish (${b.times.length} runs) p50 / max  ${ms(pct(b.times, 50))} / ${ms(Math.max(...b.times))}    < 10 s     ${(Math.max(...b.times) / 10_000).toFixed(2)} of target`,
    );
  }
  console.log(
    `proof (${proofTimes.length}) p50 / p95             ${ms(pct(proofTimes, 50))} / ${ms(pct(proofTimes, 95))}    < 10 ms    ${(pct(proofTimes, 95) / 10).toFixed(2)} of target`,
  );
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await database.close();
}

await main();
