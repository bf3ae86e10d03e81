import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Until the app runs, a server-rendered page (a guest's shop or plan page, decision 0024) shows
 * controls that do nothing yet. Waits for the app to have taken the page over (`data-app-ready`,
 * set by apps/web/src/app/app.tsx), as a person waits for a page to finish loading. Pages that are
 * not the app (the fake sign-in provider) are not waited for.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
  );
}

/** Playwright's test, whose `page` waits for the app after `goto` and `reload`. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForApp(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
});
