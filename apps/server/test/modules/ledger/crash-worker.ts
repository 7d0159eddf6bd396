/**
 * A separate process for the crash test: holds and pays task escrow in a loop on the given
 * database until it is killed. Tasks come as JSON in CRASH_TASKS.
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../../src/db/client';
import { tasks } from '../../../src/db/schema/index';
import { holdTaskEscrow, payTaskEscrow } from '../../../src/modules/ledger/escrow.service';

type Job = { taskId: string; ownerId: string; assigneeId: string; projectId: string; amount: string };

async function main() {
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: '',
    migrate: false,
    poolSize: 4,
  });
  const jobs = JSON.parse(process.env.CRASH_TASKS ?? '[]') as Job[];
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      for (let i = lane; i < jobs.length; i += 4) {
        const j = jobs[i];
        await database.db.transaction(async (tx) => {
          await holdTaskEscrow(tx, { taskId: j.taskId, ownerId: j.ownerId, amount: BigInt(j.amount) });
          // A payment goes with completion, as in moveTask (ledger-check proves it).
          await tx.update(tasks).set({ stage: 'Complete' }).where(eq(tasks.id, j.taskId));
          await payTaskEscrow(tx, { taskId: j.taskId, assigneeId: j.assigneeId, projectId: j.projectId });
        });
        process.stdout.write(`paid ${i}\n`);
        await new Promise((r) => setTimeout(r, 30));
      }
    }),
  );
  process.stdout.write('done\n');
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
