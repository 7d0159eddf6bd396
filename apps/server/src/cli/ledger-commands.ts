import { checkLedger } from '../modules/ledger';
import { CliError, type CliCommand } from './types';

/** CLI commands of the ledger issue. */
export const ledgerCommands: Record<string, CliCommand> = {
  'ledger-check': {
    description: 'Prove the ledger: balanced journals, cached balances, transactions (exit 1 on a mismatch)',
    async run({ database }) {
      const report = await checkLedger(database.db);
      const stats = Object.entries(report.stats)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ');
      if (!report.ok) {
        throw new CliError(
          `Ledger check FAILED (${report.problems.length} problems; ${stats}):\n  ${report.problems.join('\n  ')}`,
        );
      }
      console.log(`Ledger check passed: ${stats}.`);
    },
  },
};
