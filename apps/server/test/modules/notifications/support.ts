import type { FastifyInstance } from 'fastify';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { call } from '../../helper';

/** Runs every job due `minutes` from now (the clock is injected: no waiting). */
export async function runJobsIn(app: FastifyInstance, minutes: number) {
  const now = new Date(Date.now() + minutes * 60_000);
  while ((await runDueJobs(app.ctx, jobHandlers, { now, batch: 50 })) > 0);
}

export async function notificationsOf(app: FastifyInstance, token: string) {
  const r = await call(app, 'GET', '/notifications?limit=50', { token });
  if (r.status !== 200) throw new Error(`GET /notifications ${r.status}`);
  return r.body as { id: string; type: string; title: string; body: string; link: string; readAt: string | null }[];
}

export async function typesOf(app: FastifyInstance, token: string) {
  return (await notificationsOf(app, token)).map((n) => n.type);
}
