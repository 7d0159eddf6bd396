import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outbox } from '../../../src/db/schema/index';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { MAIL_RETRY_SECONDS } from '../../../src/modules/mail/mail.service';
import { createStaff, signUpViaApi } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { freePort } from '../../support/server-process';
import { type ReceivedMail, startSmtpSink } from '../../support/smtp-sink';

/**
 * DESIGN §9: mail is a job. With the SMTP server down sign-up still succeeds, and the code
 * arrives once the server is back; after the last retry the mail is dead and staff see why.
 * The runner is driven with an explicit clock instead of waiting minutes.
 */
let t: TestApp;
let smtpPort: number;
let staffToken: string;
let clock = Date.now();
const runJobs = () => runDueJobs(t.app.ctx, jobHandlers, { now: () => new Date(clock) });
const advance = (seconds: number) => {
  clock += seconds * 1000;
};

beforeAll(async () => {
  smtpPort = await freePort();
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, AUTH_IP_LIMIT_PER_MINUTE: '1000' });
  staffToken = (await createStaff(t.app)).token;
});
afterAll(async () => t?.close());

const mailRow = async (to: string) => {
  const [row] = await t.app.db.select().from(outbox).where(eq(outbox.to, to));
  return row;
};

describe('mail through the job queue', () => {
  it('sign-up succeeds while the SMTP server is down; the code arrives when it comes back', async () => {
    const { email, token } = await signUpViaApi(t.app);
    clock = Date.now();
    expect((await mailRow(email)).status).toBe('queued');

    // First attempt: nobody listens on the SMTP port.
    expect(await runJobs()).toBe(1);
    const failed = await mailRow(email);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(failed.error).toMatch(/ECONNREFUSED/);

    // The server comes up late; the retry waits its minute, then delivers.
    const sink = await startSmtpSink(smtpPort);
    try {
      advance(MAIL_RETRY_SECONDS[0] - 1);
      expect(await runJobs()).toBe(0);
      expect(sink.mails).toEqual([]);
      advance(2);
      expect(await runJobs()).toBe(1);
      expect(sink.mails).toHaveLength(1);
      const mail = sink.mails[0] as ReceivedMail;
      expect(mail.to.join()).toContain(email);
      const code = /(\d{6}) is your DevMarket verification code/.exec(mail.data)?.[1];
      expect(code).toBeTruthy();
      expect(await mailRow(email)).toMatchObject({ status: 'sent', attempts: 2, error: null });

      // The code that arrived late verifies the account.
      const verified = await call(t.app, 'GET', `/auth/verify-email/${code}`, { token });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body).toEqual({ verified: true });

      // Done jobs do not run again.
      advance(3600);
      expect(await runJobs()).toBe(0);
      expect(sink.mails).toHaveLength(1);
    } finally {
      await sink.stop();
    }
  });

  it('retries after 1, 5 and 30 minutes, then is dead and shown with its error in the staff outbox', async () => {
    const { email } = await signUpViaApi(t.app);
    clock = Date.now();
    expect(await runJobs()).toBe(1);
    for (const [i, delay] of MAIL_RETRY_SECONDS.entries()) {
      advance(delay - 1);
      expect(await runJobs(), `not before ${delay} s`).toBe(0);
      advance(1);
      expect(await runJobs()).toBe(1);
      expect((await mailRow(email)).attempts).toBe(i + 2);
    }
    const dead = await mailRow(email);
    expect(dead).toMatchObject({ status: 'dead', attempts: 4, sentAt: null });
    const mailJobs = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    const job = mailJobs.find((j) => j.payload.outboxId === dead.id);
    expect(job).toMatchObject({ status: 'failed', attempts: 4 });
    advance(86_400);
    expect(await runJobs()).toBe(0);

    const list = await call(t.app, 'GET', `/admin/outbox?to=${encodeURIComponent(email)}`, { token: staffToken });
    expect(list.status).toBe(200);
    expect(list.body.mails[0]).toMatchObject({ to: email, status: 'dead', attempts: 4 });
    expect(list.body.mails[0].error).toMatch(/ECONNREFUSED/);
  });

  it('without an SMTP server the mail is logged and marked so (the outbox is the mailbox)', async () => {
    const local = await buildTestApp();
    try {
      const { email } = await signUpViaApi(local.app);
      expect(await runDueJobs(local.app.ctx, jobHandlers)).toBe(1);
      const [row] = await local.app.db.select().from(outbox).where(eq(outbox.to, email));
      expect(row).toMatchObject({ status: 'logged', attempts: 1, error: null });
    } finally {
      await local.close();
    }
  });
});
