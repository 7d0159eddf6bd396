import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Resolves when every finite animation and CSS transition running now has finished (spinners,
 * which run forever, are left alone): the deterministic form of "wait a moment".
 */
export async function animationsSettled(page: Page): Promise<void> {
  // A string: this project's Node typings have no DOM; it runs in the page.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined)),
  )`);
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now and fails on serious or
 * critical violations, listing each rule with the elements it found.
 */
export async function expectNoA11yViolations(page: Page, opts: { include?: string; exclude?: string[] } = {}) {
  // Let transitions (dialogs, notices) settle so colours are measured at rest.
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (opts.include) builder = builder.include(opts.include);
  // Notices come and go while axe runs; they are checked where a test waits for them.
  for (const selector of ['.notistack-SnackbarContainer', ...(opts.exclude ?? [])]) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
          .join('\n')}`,
    )
    .join('\n');
  expect(report, `accessibility violations on ${new URL(page.url()).pathname}`).toBe('');
}
