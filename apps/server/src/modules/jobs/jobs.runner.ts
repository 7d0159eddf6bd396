import type { AppContext } from '../../context';
import { claimDueJobs, type JobRow, markJobDone, markJobFailed } from './jobs.repo';
import type { JobRegistry } from './jobs.registry';

/** A job's handler; `run` is the job row and `at`, the moment it runs for (the injected clock in tests). */
export type JobHandler = (
  ctx: AppContext,
  payload: Record<string, unknown>,
  run: JobRow & { at: Date },
) => Promise<void>;

export type JobRunnerOptions = {
  intervalMs?: number;
  batch?: number;
  leaseSeconds?: number;
  maxAttempts?: number;
  /** Delays between attempts of a kind with its own retry policy (see markJobFailed). */
  retrySeconds?: Record<string, number[]>;
  /** The clock (tests advance it instead of waiting): a moment, or a function read at each pass. */
  now?: Date | (() => Date);
};

/** Runs every due job once (used by the runner's loop and by tests); returns how many ran. */
export async function runDueJobs(ctx: AppContext, handlers: JobRegistry, opts: JobRunnerOptions = {}): Promise<number> {
  const now = typeof opts.now === 'function' ? opts.now() : (opts.now ?? new Date());
  const claimed = await claimDueJobs(ctx.db, opts.batch ?? 10, opts.leaseSeconds ?? 60, now);
  for (const job of claimed) await runOne(ctx, handlers, job, opts, now);
  return claimed.length;
}

async function runOne(ctx: AppContext, handlers: JobRegistry, job: JobRow, opts: JobRunnerOptions, now: Date) {
  const kind = handlers[job.kind];
  try {
    if (!kind) throw new Error(`no handler for job kind ${job.kind}`);
    await kind.run(ctx, job.payload, { ...job, at: now });
    await markJobDone(ctx.db, job.id);
  } catch (err) {
    ctx.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed');
    await markJobFailed(ctx.db, job, String((err as Error)?.message ?? err), opts.maxAttempts ?? 8, {
      now,
      retrySeconds: opts.retrySeconds?.[job.kind] ?? kind?.retrySeconds,
    });
  }
}

/** Polls the jobs table while the server runs (DESIGN §4: durable jobs, run once across instances). */
export function createJobRunner(ctx: AppContext, handlers: JobRegistry, opts: JobRunnerOptions = {}) {
  const intervalMs = opts.intervalMs ?? 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  const tick = async () => {
    try {
      // Drain: keep going while full batches come back.
      while (!stopped && (await runDueJobs(ctx, handlers, opts)) >= (opts.batch ?? 10));
    } catch (err) {
      ctx.log.error({ err }, 'job runner poll failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
  };
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      running = tick().finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
