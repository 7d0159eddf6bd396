/** Proof of liabilities (DESIGN §15), a read model over the ledger at the top layer. */
export {
  checkLatestSnapshot,
  ensureSnapshotSchedule,
  getSolvency,
  publishSnapshot,
  runSnapshotJob,
  SOLVENCY_JOB,
  SOLVENCY_MSG,
  solvencyJobs,
} from './solvency.service';
export { getSolvencyProof } from './solvency.proof';
export { solvencyRoutes } from './solvency.routes';
