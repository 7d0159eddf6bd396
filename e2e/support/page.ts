import type { Locator, Page } from '@playwright/test';

/**
 * Drags a card onto a column with the mouse, in small steps as a person would (dnd-kit's pointer
 * sensor needs a few pixels of movement to start), dropping `dy` pixels below the column's top.
 */
export async function drag(page: Page, from: Locator, to: Locator, dy = 80) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 4, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + dy, { steps: 12 });
  await page.mouse.up();
}

/**
 * After a card is picked up from the keyboard (marked pressed): dnd-kit's keyboard sensor starts
 * listening for the arrows in a timer it sets on pick-up (KeyboardSensor.attach), so a key sent
 * before that timer runs is lost (CI saw it under load). A page task queued now runs after it.
 */
export async function keyboardSensorReady(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Console errors and uncaught exceptions of a page, collected from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Waits until React has hydrated the element `selector` names (React keeps its fiber on each node
 * it claims; a hydration at default priority renders and commits in one task, so a node that
 * carries one is live). A pre-rendered form looks ready before that, and what is typed into it
 * meanwhile is the browser's, not the app's: "network idle" alone left a slow machine typing the
 * email before hydration and sending the form without it.
 */
export async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
  }, selector);
}
