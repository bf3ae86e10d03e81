import type { Page } from '@playwright/test';

/**
 * Records every heading that leaves the page from its first byte on (call before `goto`): a
 * server-rendered page that the app drew again, instead of taking it over, takes its headings with it.
 */
export async function recordRemovedHeadings(page: Page, selector = 'h1'): Promise<void> {
  await page.addInitScript((headings) => {
    const removed: string[] = [];
    Object.assign(window, { removedHeadings: removed });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element && (node.matches(headings) || node.querySelector(headings)))
            removed.push(node.outerHTML.slice(0, 80));
        }
      }
    }).observe(document, { subtree: true, childList: true });
  }, selector);
}

/** The headings that left the page since `recordRemovedHeadings` (the start of each markup, 80 characters). */
export function removedHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { removedHeadings: string[] }).removedHeadings);
}
