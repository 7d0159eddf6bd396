import { writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Writes passed/failed/skipped counts for scripts/test.mjs, which prints CI's closing line. */
export default class CountReporter implements Reporter {
  private counts = { passed: 0, failed: 0, skipped: 0 };

  onTestEnd(test: TestCase, result: TestResult) {
    // Count each test once, by its final outcome (retries included).
    if (result.retry < test.retries && result.status === 'failed') return;
    if (result.status === 'passed') this.counts.passed++;
    else if (result.status === 'skipped') this.counts.skipped++;
    else this.counts.failed++;
  }

  onEnd(_result: FullResult) {
    const file = process.env.COUNTS_FILE;
    if (file) writeFileSync(file, JSON.stringify(this.counts));
  }
}
