import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { saveScreenshot } from './screenshots.ts';

/**
 * Waits for the page's heading, no loading indicator, and the entrance animations to end (at once
 * under `reducedMotion: 'reduce'`): colours are measured on the page as it rests, not mid fade-in.
 */
export async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

/**
 * axe-core run inside the page itself (legacy mode) and asked for the details of violations only.
 * The default mode runs each frame's part, then opens a blank page to finish the run and evaluates
 * axe's 500 KB source there too: per page checked that doubled the browser's CPU and multiplied the
 * test worker's by seven (36 checks: 69 s and 14 s against 35 s and 1.9 s). The store has no
 * cross-origin frames, the one thing only the default mode checks (decision 0048).
 */
export const axeOn = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });

/** axe-core (WCAG 2.1 A/AA and best practices): no violation of the given impacts on the page. */
async function expectNoViolations(page: Page, where: string, impacts: readonly Impact[], what: string) {
  const results = await axeOn(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const found = results.violations
    .filter((violation) => impacts.includes(violation.impact as Impact))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
  expect(found, `${what} axe violations on ${where}`).toEqual([]);
}

/** axe-core: no serious or critical violation of WCAG 2.1 A/AA (and best practices) on the page. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  await expectNoViolations(page, where, ['serious', 'critical'], 'serious or critical');
}

/** axe-core: no violation at all, of any impact (the every-page walk, issue 34: "axe clean"). */
export async function expectAxeClean(page: Page, where: string) {
  await expectNoViolations(page, where, ['minor', 'moderate', 'serious', 'critical'], 'any');
}

/** A page at 375 and 1280 px: no serious axe violation, nothing wider than the screen, a screenshot each. */
export async function shootAtBothWidths(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await expectNoSeriousViolations(page, `${name} at ${width} px`);
    await saveScreenshot(page, `${name}-${width}`);
  }
}
