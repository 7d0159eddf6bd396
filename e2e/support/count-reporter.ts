import { writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Writes passed/failed/skipped counts for scripts/test.mjs, which prints CI's closing line. */
export default class CountReporter implements Reporter {
  private counts = { passed: 0, failed: 0, skipped: 0 };

  onTestEnd(test: TestCase, result: TestResult) {
    // Count each test once, by its final outcome: an attempt that did not pass (failed, timed
    // out, interrupted) and will be retried is not final. Playwright calls such a test flaky and
    // exits 0, so the closing line must not count it as failed either.
    const retried = result.status !== 'passed' && result.status !== 'skipped' && result.retry < test.retries;
    if (retried) return;
    if (result.status === 'passed') this.counts.passed++;
    else if (result.status === 'skipped') this.counts.skipped++;
    else this.counts.failed++;
  }

  onEnd(_result: FullResult) {
    const file = process.env.COUNTS_FILE;
    if (file) writeFileSync(file, JSON.stringify(this.counts));
  }
}
