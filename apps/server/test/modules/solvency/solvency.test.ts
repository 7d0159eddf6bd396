import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerCommands } from '../../../src/cli/ledger-commands';
import { jobs, tasks } from '../../../src/db/schema/index';
import { runDueJobs } from '../../../src/modules/jobs/jobs.runner';
import { jobHandlers } from '../../../src/job-registry';
import { holdTaskEscrow, payTaskEscrow } from '../../../src/modules/ledger/escrow.service';
import { checkLatestSnapshot, ensureSnapshotSchedule, publishSnapshot } from '../../../src/modules/solvency';
import { buildTree, EMPTY_ROOT, packLevel, siblingsOf } from '../../../src/modules/solvency/solvency.tree';
import { hashSnapshotHere, hashSnapshotInWorker } from '../../../src/modules/solvency/solvency.worker';
import { createFundedAssignedTask, fundUser } from '../../factories/money';
import { createStaff, createUser } from '../../factories/users';
import { buildTestApp, call, type TestApp } from '../../helper';
import { verifierRoot, verifyProof } from './verifier';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const uuid = () => {
  const h = randomBytes(16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
};
const six = (micros: bigint) => `${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, '0')}`;

describe('the Merkle sum tree of §15, against an independent verifier', () => {
  for (const n of [1, 2, 3, 1000]) {
    it(`${n} leaves: same root as the verifier, and every leaf's proof reaches it`, () => {
      const inputs = Array.from({ length: n }, (_, i) => ({
        userId: uuid(),
        nonce: randomBytes(16).toString('hex'),
        balance: BigInt(1 + i * 1_234_567 + (i % 7) * 999_999_999),
      }));
      const tree = buildTree(inputs);
      const expected = verifierRoot(inputs.map((l) => ({ ...l, balance: six(l.balance) })));
      expect({ hash: tree.root.hash, sum: six(tree.root.sum) }).toEqual(expected);
      expect(tree.root.sum).toBe(inputs.reduce((a, l) => a + l.balance, 0n));
      if (n === 1) expect(tree.root.hash).toBe(tree.leaves[0].hash); // one leaf is its own root
      for (let i = 0; i < n; i++) {
        const l = tree.leaves[i];
        const path = siblingsOf(i, n).map((s) => ({
          side: s.side,
          hash: tree.levels[s.level][s.index].hash,
          sum: six(tree.levels[s.level][s.index].sum),
        }));
        const proof = {
          leaf: { userId: l.userId, nonce: l.nonce, balance: six(l.balance), hash: l.hash, sum: six(l.sum) },
          path,
          root: expected,
        };
        expect(verifyProof(proof)).toBe(true);
      }
    });
  }
});

/** Leaves packed as a publish reads them: 16 bytes of user id and 8 of balance each. */
const packed = (inputs: { userId: string; nonce: string; balance: bigint }[]) => {
  const balances = Buffer.alloc(inputs.length * 8);
  for (const [i, l] of inputs.entries()) balances.writeBigUInt64BE(l.balance, i * 8);
  return {
    userIds: Buffer.from(inputs.map((l) => l.userId.replace(/-/g, '')).join(''), 'hex'),
    nonces: Buffer.from(inputs.map((l) => l.nonce).join(''), 'hex'),
    balances,
  };
};

describe('the tree a publish builds from packed leaves (solvency.hash.mjs), in a worker or here', () => {
  it("is buildTree's tree for odd and even counts: positions, every level packed, root", async () => {
    for (const n of [0, 1, 2, 3, 15, 1000, 1001]) {
      const inputs = Array.from({ length: n }, (_, i) => ({
        userId: uuid(),
        nonce: randomBytes(16).toString('hex'),
        balance: BigInt(1 + i * 7_654_321),
      }));
      const whole = buildTree(inputs);
      const positions = Buffer.alloc(4 * n);
      for (const [p, l] of whole.leaves.entries())
        positions.writeUInt32BE(p, inputs.findIndex((x) => x.userId === l.userId) * 4);
      for (const built of [hashSnapshotHere(packed(inputs)), await hashSnapshotInWorker(packed(inputs))]) {
        expect(built.root ?? EMPTY_ROOT).toEqual(whole.root);
        expect(built.positions.equals(positions)).toBe(true);
        expect(built.levels.length).toBe(whole.levels.length);
        whole.levels.forEach((level, i) => {
          const p = packLevel(level);
          expect(built.levels[i].hashes.equals(p.hashes) && built.levels[i].sums.equals(p.sums)).toBe(true);
        });
        expect(built.nonces.toString('hex')).toBe(inputs.map((l) => l.nonce).join(''));
      }
    }
  });

  it('a worker that rests between pieces builds the same tree', async () => {
    const inputs = Array.from({ length: 9000 }, (_, i) => ({
      userId: uuid(),
      nonce: randomBytes(16).toString('hex'),
      balance: BigInt(1 + i),
    }));
    const paced = await hashSnapshotInWorker(packed(inputs), { rest: 0.5, budgetMs: 200 });
    const here = hashSnapshotHere(packed(inputs));
    expect(paced.root).toEqual(here.root);
    expect(paced.byPosition.equals(here.byPosition)).toBe(true);
  });

  it('draws a fresh 16-byte nonce per leaf when none is given', async () => {
    const { userIds, balances } = packed([
      { userId: uuid(), nonce: '', balance: 5n },
      { userId: uuid(), nonce: '', balance: 7n },
    ]);
    const a = await hashSnapshotInWorker({ userIds, balances });
    const b = hashSnapshotHere({ userIds, balances });
    expect(a.nonces.length).toBe(32);
    expect(a.nonces.equals(b.nonces)).toBe(false);
    expect(a.root?.sum).toBe(12n);
  });
});

describe('publishing and proofs through the API', () => {
  it('404 before the first snapshot; then 1, 2 and 3 balances publish roots the verifier agrees with', async () => {
    expect((await call(t.app, 'GET', '/solvency')).status).toBe(404);
    const staff = await createStaff(t.app);
    const people: { id: string; token: string; balance: string }[] = [];
    for (const amount of ['150', '0.000001', '2500.5']) {
      const u = await createUser(t.app);
      await fundUser(t.app, u.user.id, amount);
      people.push({ id: u.user.id, token: u.token, balance: amount });
      const published = await call(t.app, 'POST', '/admin/solvency/publish', { token: staff.token });
      expect(published.status).toBe(200);
      const pub = await call(t.app, 'GET', '/solvency');
      expect(pub.body).toEqual(published.body);
      expect(pub.body).toMatchObject({ currency: 'USDT', leaves: people.length });
      const proofs = [];
      for (const p of people) {
        const r = await call(t.app, 'GET', '/user/solvency-proof', { token: p.token });
        expect(r.status).toBe(200);
        expect(r.body.root).toEqual(pub.body.root);
        expect(r.body.publishedAt).toBe(pub.body.publishedAt);
        expect(verifyProof(r.body)).toBe(true);
        proofs.push(r.body.leaf);
      }
      expect(verifierRoot(proofs)).toEqual(pub.body.root);
    }
    expect((await call(t.app, 'GET', '/solvency')).body.root.sum).toBe('2650.500001');
    const first = (await call(t.app, 'GET', '/user/solvency-proof', { token: people[0].token })).body;
    expect(first.leaf.balance).toBe('150.000000');
    expect(first.leaf.nonce).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a proof fails when one byte of a sibling changes; zero balances are absent; 401 and 403', async () => {
    const zero = await createUser(t.app);
    const staff = await createStaff(t.app);
    const others = [];
    for (let i = 0; i < 6; i++) {
      const u = await createUser(t.app);
      await fundUser(t.app, u.user.id, String(10 + i));
      others.push(u);
    }
    expect((await call(t.app, 'POST', '/admin/solvency/publish', { token: zero.token })).status).toBe(403);
    expect((await call(t.app, 'POST', '/admin/solvency/publish')).status).toBe(401);
    expect((await call(t.app, 'GET', '/user/solvency-proof')).status).toBe(401);
    const s = await call(t.app, 'POST', '/admin/solvency/publish', { token: staff.token });
    expect(s.status).toBe(200);
    // A user with nothing owed is not a leaf.
    const none = await call(t.app, 'GET', '/user/solvency-proof', { token: zero.token });
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe('Your balance is not in the latest snapshot');
    // Nor is any leaf of the latest snapshot (ledger-check refuses a leaf without a balance).
    expect(await checkLatestSnapshot(t.app.db)).toEqual({ checked: true, problems: [] });

    // The longest path among them (a leaf carried up an odd level has fewer steps).
    const proofs = [];
    for (const o of others) proofs.push((await call(t.app, 'GET', '/user/solvency-proof', { token: o.token })).body);
    for (const p of proofs) expect(verifyProof(p)).toBe(true);
    const proof = proofs.reduce((a, b) => (b.path.length > a.path.length ? b : a));
    expect(proof.path.length).toBeGreaterThan(1);
    expect(verifyProof(proof)).toBe(true);
    for (let step = 0; step < proof.path.length; step++) {
      const h: string = proof.path[step].hash;
      const flipped = (Number.parseInt(h.slice(0, 2), 16) ^ 0x01).toString(16).padStart(2, '0') + h.slice(2);
      const bad = structuredClone(proof);
      bad.path[step].hash = flipped;
      expect(verifyProof(bad)).toBe(false);
      const badSum = structuredClone(proof);
      badSum.path[step].sum = badSum.path[step].sum.replace(/\d$/, (d: string) => String((Number(d) + 1) % 10));
      expect(verifyProof(badSum)).toBe(false);
    }
    const badBalance = structuredClone(proof);
    badBalance.leaf.balance = '999.000000';
    expect(verifyProof(badBalance)).toBe(false);
  });

  it('more leaves than one block of 16: every proof verifies (levels 0-3 rebuilt, the rest read), ledger-check passes', async () => {
    const staff = await createStaff(t.app);
    const people = [];
    for (let i = 0; i < 37; i++) {
      const u = await createUser(t.app);
      await fundUser(t.app, u.user.id, `${i + 1}.${String(i).padStart(6, '0')}`);
      people.push(u);
    }
    const pub = (await call(t.app, 'POST', '/admin/solvency/publish', { token: staff.token })).body;
    expect(pub.leaves).toBeGreaterThan(37); // and earlier tests' users
    const paths = new Set<number>();
    for (const p of people) {
      const r = await call(t.app, 'GET', '/user/solvency-proof', { token: p.token });
      expect(r.status).toBe(200);
      expect(r.body.root).toEqual(pub.root);
      expect(verifyProof(r.body)).toBe(true);
      paths.add(r.body.path.length);
    }
    expect(Math.max(...paths)).toBeGreaterThan(4);
    expect(await checkLatestSnapshot(t.app.db)).toEqual({ checked: true, problems: [] });
    // A stored level that is not the tree's is caught.
    await t.app.db.execute(
      sql`update solvency_levels set sums = decode(repeat('00', length(sums)), 'hex')
          where level = 4 and snapshot_id = (select id from solvency_snapshots order by published_at desc limit 1)`,
    );
    expect((await checkLatestSnapshot(t.app.db)).problems).toEqual([
      expect.stringMatching(/stored level 4 differs from its tree/),
    ]);
  });

  it('the sum equals the ledger total while payments run beside publishing', async () => {
    const staff = await createStaff(t.app);
    const before = (await call(t.app, 'POST', '/admin/solvency/publish', { token: staff.token })).body.root.sum;
    const deals = [];
    for (let i = 0; i < 12; i++) {
      const d = await createFundedAssignedTask(t.app, { funds: '100', price: '30.123456' });
      await t.app.db.transaction((tx) =>
        holdTaskEscrow(tx, { taskId: d.task.id, ownerId: d.owner.user.id, amount: 30_123_456n }),
      );
      deals.push(d);
    }
    const total = (await call(t.app, 'POST', '/admin/solvency/publish', { token: staff.token })).body.root.sum;
    expect(total).not.toBe(before);
    // Payments move money between users (held → the assignee): the total owed never changes, so every
    // snapshot taken while they run must show it exactly; a torn read would miss or double a payment.
    const pays = deals.map((d) =>
      t.app.db.transaction(async (tx) => {
        await payTaskEscrow(tx, {
          taskId: d.task.id,
          assigneeId: d.dev.user.id,
          projectId: d.project.id,
          now: new Date(),
        });
        await tx.update(tasks).set({ stage: 'Complete' }).where(eq(tasks.id, d.task.id));
      }),
    );
    // Two publish at full speed, two read in pieces of three users and one page with rests between:
    // every piece is read in the snapshot's one transaction, so payments committing between the
    // pieces change nothing it sees.
    const publishes = Array.from({ length: 4 }, (_, i) =>
      publishSnapshot(t.app.ctx, i % 2 ? { rest: 0 } : { rest: 1, pieces: { users: 3, pages: 1 } }),
    );
    const [, snaps] = await Promise.all([Promise.all(pays), Promise.all(publishes)]);
    for (const s of snaps) expect(s.root.sum).toBe(total);
    const after = await publishSnapshot(t.app.ctx, { pieces: { users: 2, pages: 1 } });
    expect(after.root.sum).toBe(total);
    expect(after.leaves).toBe((await publishSnapshot(t.app.ctx)).leaves);
    const check = await checkLatestSnapshot(t.app.db);
    expect(check).toEqual({ checked: true, problems: [] });
    const dev = (await call(t.app, 'GET', '/user/solvency-proof', { token: deals[0].dev.token })).body;
    expect(dev.leaf.balance).toBe('30.123456');
    expect(verifyProof(dev)).toBe(true);
  });

  it('ledger-check verifies the latest snapshot and reports a tampered one', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await ledgerCommands['solvency-publish'].run({ database: t.database, config: t.config, args: {} });
    await ledgerCommands['ledger-check'].run({ database: t.database, config: t.config, args: {} });
    expect(log.mock.calls.flat().join('\n')).toMatch(/latest solvency snapshot matches the ledger/);
    log.mockRestore();
    // A snapshot whose published sum is not what its leaves add up to is caught.
    const s = await publishSnapshot(t.app.ctx);
    await t.app.db.execute(
      sql`update solvency_snapshots set root_sum = root_sum + 1 where published_at = ${s.publishedAt}`,
    );
    await expect(
      ledgerCommands['ledger-check'].run({ database: t.database, config: t.config, args: {} }),
    ).rejects.toThrow(/its leaves sum to/);
  });

  it('the hourly job: queued for now with no snapshot this hour, once per hour across instances', async () => {
    // Only this job kind runs here: the mail and notification jobs of earlier tests are set aside.
    await t.app.db.execute(sql`update jobs set status = 'done' where kind <> 'solvency-publish'`);
    const at = new Date('2030-01-01T10:20:00Z');
    const ctx = { ...t.app.ctx, now: () => at };
    const handlers = jobHandlers;
    await ensureSnapshotSchedule(ctx);
    await ensureSnapshotSchedule(ctx); // a second instance starting: no second job
    const queued = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'solvency-publish'));
    expect(queued.map((j) => j.dedupeKey).sort()).toEqual([
      'solvency-publish:2030-01-01T10:00:00.000Z',
      'solvency-publish:2030-01-01T11:00:00.000Z',
    ]);
    expect(await runDueJobs(ctx, handlers, { now: at })).toBe(1);
    expect((await call(t.app, 'GET', '/solvency')).body.publishedAt).toBe(at.toISOString());
    // The 11:00 run publishes and queues 12:00.
    const later = new Date('2030-01-01T11:00:01Z');
    expect(await runDueJobs({ ...ctx, now: () => later }, handlers, { now: later })).toBe(1);
    expect((await call(t.app, 'GET', '/solvency')).body.publishedAt).toBe(later.toISOString());
    const keys = (await t.app.db.select().from(jobs).where(eq(jobs.kind, 'solvency-publish'))).map((j) => j.dedupeKey);
    expect(keys).toContain('solvency-publish:2030-01-01T12:00:00.000Z');
  });
});
