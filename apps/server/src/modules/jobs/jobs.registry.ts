import type { JobHandler } from './jobs.runner';

/** One job kind as its module registers it: the handler, and its own retry delays if any. */
export type JobKind = { run: JobHandler; retrySeconds?: number[] };

/**
 * The job kinds the runner knows, filled by the modules that own them (mail, notifications,
 * payments, tasks each export theirs); the runner never imports those modules.
 */
export type JobRegistry = Record<string, JobKind>;

/** Joins the modules' job kinds; a kind registered twice is a programming error. */
export function createJobRegistry(...parts: JobRegistry[]): JobRegistry {
  const registry: JobRegistry = {};
  for (const part of parts) {
    for (const [kind, entry] of Object.entries(part)) {
      if (registry[kind]) throw new Error(`job kind ${kind} registered twice`);
      registry[kind] = entry;
    }
  }
  return registry;
}

/** Reads a string field of a job payload. */
export const payloadField = (payload: Record<string, unknown>, name: string): string => {
  const v = payload[name];
  if (typeof v !== 'string') throw new Error(`job payload without ${name}`);
  return v;
};
