import { expect, type Page } from '@playwright/test';

/**
 * Opens `url` in the app already running on `page`, as its own links do: the router reads the new
 * address from history (pushState, then popstate), so the app's code is neither fetched nor started
 * again. A full load of a signed-in page costs the browser about a second of CPU on a 2-core machine
 * (the app's start), most of what a walk over many pages cost (decision 0082). Returns once `main`
 * shows something other than the page it left.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  const main = page.locator('main');
  const left = await main.innerText();
  await page.evaluate((address) => {
    window.history.pushState(null, '', address);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL(new URL(url, page.url()).toString());
  await expect.poll(() => main.innerText(), { message: `${url} replaced the page it left` }).not.toBe(left);
}
