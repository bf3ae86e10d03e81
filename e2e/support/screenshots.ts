import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Where the review screenshots go (gitignored): e2e/screenshots. */
const SCREENSHOTS = path.join(import.meta.dirname, '..', 'screenshots');

/**
 * Screenshots are for people reviewing a change (the pages at 375 and 1280 px), not for the
 * tests: nothing compares them. Taking them costs about 0.4 s of CPU each, so they are taken only
 * when asked for, with E2E_SCREENSHOTS=1 (decision 0048).
 */
export const screenshotsWanted = ['1', 'true'].includes(String(process.env.E2E_SCREENSHOTS));

/** Saves e2e/screenshots/{name}.png of a page (whole page by default) or of one element, when wanted. */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  {
    fullPage = true,
    clip,
  }: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
): Promise<void> {
  if (!screenshotsWanted) return;
  const file = path.join(SCREENSHOTS, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: clip ? false : fullPage, clip });
  else await target.screenshot({ path: file });
}
