import { checkLedger } from '../modules/ledger';
import { checkLatestSnapshot, publishSnapshot } from '../modules/solvency';
import { cliContext } from './context';
import { CliError, type CliCommand } from './types';

/** CLI commands of the ledger issue. */
export const ledgerCommands: Record<string, CliCommand> = {
  'ledger-check': {
    description: 'Prove the ledger: balanced journals, cached balances, transactions (exit 1 on a mismatch)',
    async run({ database }) {
      const report = await checkLedger(database.db);
      // DESIGN §15: the latest proof-of-liabilities snapshot against the ledger at its time.
      const snapshot = await checkLatestSnapshot(database.db);
      for (const p of snapshot.problems) report.problems.push(p);
      report.ok = report.problems.length === 0;
      const stats = Object.entries(report.stats)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ');
      if (!report.ok) {
        // The first hundred name the kind of break; a broken import can have hundreds of thousands.
        const shown = report.problems.slice(0, 100);
        const more = report.problems.length - shown.length;
        throw new CliError(
          `Ledger check FAILED (${report.problems.length} problems; ${stats}):\n  ${shown.join('\n  ')}${more ? `\n  … and ${more} more` : ''}`,
        );
      }
      console.log(
        `Ledger check passed: ${stats}${snapshot.checked ? '; the latest solvency snapshot matches the ledger' : '; no solvency snapshot yet'}.`,
      );
    },
  },
  'solvency-publish': {
    description: 'Publish a proof-of-liabilities snapshot now (DESIGN §15) and print its root',
    async run({ database, config }) {
      const s = await publishSnapshot(cliContext(database, config));
      console.log(
        `Published ${s.publishedAt}: root ${s.root.hash}, total ${s.root.sum} USDT over ${s.leaves} balances.`,
      );
    },
  },
};
