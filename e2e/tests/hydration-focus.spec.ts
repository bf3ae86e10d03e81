import { test as base, expect, type Page } from '@playwright/test';
import { waitForApp } from '../support/test.ts';

// Issue 34, item 6: a guest's /shop and plan pages are rendered on the server and the app takes them
// over a moment later (decision 0024). A keyboard user who tabbed in that moment lost the focus to
// the document once: hydration replaced the header's elements. Plain Playwright `test`: these tests
// act before the app is ready, which the shared `page` waits for.

const test = base;

/** Holds back the app's entry module until `release()`, as a slow connection would. */
async function holdEntryModule(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/** The focused element, described as a person would see it (its tag and accessible text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the document';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return `${element.tagName.toLowerCase()} "${name}"`;
  });

for (const { address, width } of [
  { address: '/shop', width: 1280 },
  { address: '/shop/3', width: 1280 },
  { address: '/shop', width: 375 },
]) {
  test(`focus stays on the control tabbed to while the app takes over ${address} at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const release = await holdEntryModule(page);
    await page.goto(address, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Three steps into the page: past the skip link and the logo, onto a control of the header.
    for (let step = 0; step < 3; step++) await page.keyboard.press('Tab');
    const before = await focused(page);
    expect(before).not.toBe('the document');
    const appReady = await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'));
    expect(appReady, 'the app must not have taken over yet').toBe(false);

    release();
    await waitForApp(page);
    await expect.poll(() => focused(page)).toBe(before);
    const element = await page.evaluate(() => document.activeElement?.isConnected);
    expect(element).toBe(true);

    // The next Tab goes on from there, not back to the top of the page.
    await page.keyboard.press('Tab');
    const next = await focused(page);
    expect(next).not.toBe('the document');
    expect(next).not.toBe(before);
  });
}
