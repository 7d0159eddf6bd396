import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { statement, statementRows } from '../../db/raw';
import { queryRows } from '../../db/rows';
import { jobs } from '../../db/schema/index';

export type JobRow = { id: string; kind: string; payload: Record<string, unknown>; attempts: number };

/**
 * Queues a job in the caller's transaction; a repeated dedupe key is ignored. Every sent message
 * and many task writes run it: a constant text prepared by name (db/raw.ts, issue 33). The payload
 * goes as JSON text cast in SQL, so both drivers store the same jsonb (drizzle's encoding).
 */
export const ENQUEUE = statement(
  'jobs_enqueue',
  `insert into jobs (kind, payload, run_at, dedupe_key) values ($1, $2::text::jsonb, $3::timestamptz, $4)
          on conflict do nothing`,
);

/**
 * A run time that is due on any clock: "at once" without reading one. Jobs are queued inside their
 * cause's transaction, which has no clock of its own; the runner's clock decides (tests advance it).
 */
export const DUE_AT_ONCE = new Date(0);

export async function enqueueJob(
  exec: Executor,
  job: { kind: string; payload: Record<string, unknown>; runAt: Date; dedupeKey?: string },
): Promise<void> {
  await statementRows(exec, ENQUEUE, [
    job.kind,
    JSON.stringify(job.payload),
    job.runAt.toISOString(),
    job.dedupeKey ?? null,
  ]);
}

/**
 * Claims due jobs (FOR UPDATE SKIP LOCKED: with several instances each job goes to one of them).
 * A job left 'running' longer than the lease (its instance died) is claimed again; handlers are
 * idempotent, so a second run after a crash is harmless.
 */
export async function claimDueJobs(
  exec: Executor,
  limit: number,
  leaseSeconds: number,
  now: Date = new Date(),
): Promise<JobRow[]> {
  // The application's clock, not the database's: run_at is written with it, and tests drive it.
  return queryRows<JobRow>(
    exec,
    sql`update jobs set status = 'running', locked_at = ${now}, attempts = attempts + 1
        where id in (
          select id from jobs
          where (status = 'queued' and run_at <= ${now})
             or (status = 'running' and locked_at < ${now}::timestamptz - make_interval(secs => ${leaseSeconds}))
          order by run_at
          limit ${limit}
          for update skip locked)
        returning id, kind, payload, attempts`,
  );
}

export async function markJobDone(exec: Executor, id: string): Promise<void> {
  await exec.update(jobs).set({ status: 'done', lockedAt: null, lastError: null }).where(eq(jobs.id, id));
}

/**
 * Retries with exponential back-off (10 s, 20 s, … up to an hour) until maxAttempts, or after
 * the kind's own delays (`retrySeconds[n]` after the n+1-th failure; final once they run out).
 */
export async function markJobFailed(
  exec: Executor,
  job: JobRow,
  error: string,
  maxAttempts: number,
  opts: { now?: Date; retrySeconds?: number[] } = {},
): Promise<void> {
  const { retrySeconds } = opts;
  const final = retrySeconds ? job.attempts > retrySeconds.length : job.attempts >= maxAttempts;
  const delayMs = retrySeconds
    ? (retrySeconds[job.attempts - 1] ?? 0) * 1000
    : Math.min(3_600_000, 10_000 * 2 ** (job.attempts - 1));
  await exec
    .update(jobs)
    .set({
      status: final ? 'failed' : 'queued',
      lockedAt: null,
      lastError: error.slice(0, 2000),
      ...(final ? {} : { runAt: new Date((opts.now ?? new Date()).getTime() + delayMs) }),
    })
    .where(eq(jobs.id, job.id));
}

/**
 * Frees a dedupe key held by a running or finished job, so the next change can queue a new job
 * with it (jobs that batch work: one queued job per key at a time).
 */
export async function releaseDedupeKey(exec: Executor, dedupeKey: string): Promise<void> {
  await exec.update(jobs).set({ dedupeKey: null }).where(eq(jobs.dedupeKey, dedupeKey));
}
