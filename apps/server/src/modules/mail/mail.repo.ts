import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outbox } from '../../db/schema/index';
import type { Mail } from './mail.service';

export type OutboxRow = typeof outbox.$inferSelect;

export const mailRepo = {
  /** Records a mail to send; its job is queued in the same transaction. */
  async insert(exec: Executor, mail: Mail): Promise<string> {
    const [row] = await exec
      .insert(outbox)
      .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers ?? null })
      .returning({ id: outbox.id });
    return row.id;
  },
  /** The outbox, newest first, optionally only the mails to one address (any case). */
  async page(
    exec: Executor,
    opts: { to?: string; number: number; size: number },
  ): Promise<{ rows: OutboxRow[]; total: number }> {
    const where: SQL | undefined = opts.to ? sql`lower(${outbox.to}) = ${opts.to.toLowerCase()}` : undefined;
    const [{ n }] = await exec.select({ n: count() }).from(outbox).where(where);
    const rows = await exec
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(opts.size)
      .offset((opts.number - 1) * opts.size);
    return { rows, total: n };
  },
  async find(exec: Executor, id: string): Promise<OutboxRow | undefined> {
    const [row] = await exec.select().from(outbox).where(eq(outbox.id, id)).limit(1);
    return row;
  },
  async markDelivered(exec: Executor, id: string, status: 'sent' | 'logged', attempts: number): Promise<void> {
    await exec
      .update(outbox)
      .set({ status, attempts, error: null, sentAt: status === 'sent' ? new Date() : null })
      .where(eq(outbox.id, id));
  },
  async markFailed(exec: Executor, id: string, opts: { error: string; attempts: number; dead: boolean }) {
    await exec
      .update(outbox)
      .set({ status: opts.dead ? 'dead' : 'queued', attempts: opts.attempts, error: opts.error.slice(0, 500) })
      .where(eq(outbox.id, id));
  },
};
