import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../../src/job-registry';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { fundUser } from '../../factories/money';
import { createProject } from '../../factories/projects';
import { createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { freePort } from '../../support/server-process';
import { type ReceivedMail, startSmtpSink } from '../../support/smtp-sink';

/**
 * DESIGN §19: the first notification mail of a category goes at once; only later ones within the
 * 10 minutes are batched; deposit.credited, withdrawal.sent, withdrawal.failed and task.paid mails
 * are never delayed. Through a real SMTP server, on the context's clock (advanced, never slept).
 */
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let clock = Date.now();
const advance = (minutes: number) => {
  clock += minutes * 60_000;
};
const runJobs = async () => {
  while ((await runDueJobs(t.app.ctx, jobHandlers, { now: () => t.app.ctx.now(), batch: 50 })) > 0);
};

beforeAll(async () => {
  const port = await freePort();
  sink = await startSmtpSink(port);
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: 'https://devmarket.example' });
  t.app.ctx.now = () => new Date(clock);
});
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

const mailsTo = (email: string) => sink.mails.filter((m) => m.to.join().includes(email));
const subjectOf = (m: ReceivedMail) =>
  /^Subject:[ \t]*(.*(?:\r?\n[ \t].+)*)/im
    .exec(m.data)?.[1]
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
const apply = async (projectId: string, message: string) => {
  const dev = await createUser(t.app, { type: 'Developer' });
  const r = await call(t.app, 'POST', `/applications/project/${projectId}/apply`, {
    token: dev.token,
    body: { message },
  });
  expect(r.status).toBe(200);
};

describe('notification mail timing (DESIGN §19)', () => {
  it('mails the first of a category at once and batches only what follows within the 10 minutes', async () => {
    const owner = await createUser(t.app, { firstName: 'Olga' });
    const p = await createProject(t.app, owner.user.id, { name: 'Timing Shop' });
    await apply(p.id, 'First');
    await runJobs();
    expect(mailsTo(owner.user.email).map(subjectOf)).toEqual(['New application to Timing Shop']);

    advance(2);
    await apply(p.id, 'Second');
    advance(3);
    await apply(p.id, 'Third');
    await runJobs();
    advance(4);
    await runJobs();
    expect(mailsTo(owner.user.email)).toHaveLength(1);
    advance(1.01); // ten minutes after the first mail
    await runJobs();
    expect(mailsTo(owner.user.email).map(subjectOf)).toEqual([
      'New application to Timing Shop',
      '2 updates: Applications and invites',
    ]);

    // A quiet spell longer than the window: the next one goes at once again.
    advance(15);
    await apply(p.id, 'Fourth');
    await runJobs();
    expect(mailsTo(owner.user.email)).toHaveLength(3);
  });

  it('never delays deposit.credited mails, however many come within the window', async () => {
    const u = await createUser(t.app, { firstName: 'Dana' });
    await fundUser(t.app, u.user.id, '25');
    await runJobs();
    expect(mailsTo(u.user.email)).toHaveLength(1);
    advance(1);
    await fundUser(t.app, u.user.id, '40');
    await runJobs();
    advance(1);
    await fundUser(t.app, u.user.id, '12.5');
    await runJobs();
    expect(mailsTo(u.user.email).map(subjectOf)).toEqual([
      'Deposit credited: 25.00 USDT',
      'Deposit credited: 40.00 USDT',
      'Deposit credited: 12.50 USDT',
    ]);
  });
});
