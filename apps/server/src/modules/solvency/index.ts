/** Proof of liabilities (DESIGN §15), a read model over the ledger at the top layer. */
export {
  checkLatestSnapshot,
  ensureSnapshotSchedule,
  getSolvency,
  getSolvencyProof,
  publishSnapshot,
  runSnapshotJob,
  SOLVENCY_JOB,
  SOLVENCY_MSG,
  solvencyJobs,
} from './solvency.service';
export { solvencyRoutes } from './solvency.routes';
