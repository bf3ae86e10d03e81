import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';
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

/** What an axe run checks: the rules or tags it runs, and the part of the page (a CSS selector). */
export interface AxeScope {
  rules?: readonly string[];
  tags?: readonly string[];
  include?: string;
}

/**
 * axe-core's violations on the page as it is now, run inside the page itself. axe's 500 KB source
 * is evaluated once per document: a page checked at 1280 px and again at 375 px, or after a dialog
 * opens, reuses it. `@axe-core/playwright` evaluates it twice per check, and its default mode opens
 * a blank page to finish each run and evaluates it there too: per page checked that was most of the
 * browser's CPU in the accessibility walk (decision 0048). The store has no cross-origin frames, the
 * one thing only that default mode checks.
 */
export async function axeViolations(page: Page, scope: AxeScope): Promise<axe.Result[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded)
    await page.evaluate(`${axe.source};axe.configure({ branding: { application: 'ember-e2e' } });`);
  const runOnly = scope.rules
    ? { type: 'rule' as const, values: [...scope.rules] }
    : { type: 'tag' as const, values: [...(scope.tags ?? [])] };
  return page.evaluate(
    async ({ include, options }) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const results = await inPage.run(include ? { include: [include] } : document, options);
      return results.violations;
    },
    { include: scope.include, options: { runOnly, resultTypes: ['violations'] as axe.resultGroups[] } },
  );
}

/** axe-core (WCAG 2.1 A/AA and best practices): no violation of the given impacts on the page. */
async function expectNoViolations(page: Page, where: string, impacts: readonly Impact[], what: string) {
  const violations = await axeViolations(page, {
    tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
  });
  const found = violations
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

/**
 * A page at 375 and 1280 px: nothing wider than the screen, a screenshot each when asked. For a page
 * in the state the accessibility walk (accessibility.spec.ts) already checks with axe at both widths
 * and every impact: a second, laxer axe pass there only cost CPU (decision 0075).
 */
export async function fitsBothWidths(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await saveScreenshot(page, `${name}-${width}`);
  }
}
