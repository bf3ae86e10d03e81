import { axeViolations, expectAxeClean, settle } from '../support/axe.ts';
import { openInApp } from '../support/open-in-app.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { type SignedInAccount, signedInPage, storedSessionOf } from '../support/stored-sessions.ts';
import { type Browser, type BrowserContext, expect, type Page, test, waitForApp } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// axe-core on every page of apps/web's router, for a guest and for every demo account, at a phone
// and a desktop width: no violation of WCAG 2.1 A/AA or axe's best practices, of any impact (issue
// 34). Each account walks its pages in runs of a few, each run a test with a browser context of its
// own (reduced motion: nothing to wait out), so the runs balance across the workers; a page is
// analysed at one width, then resized to the other and analysed again (1280 then 375 px, 375 then
// 1280 px for the next page), and at 375 px the account's menu is opened once. Nothing a page loads may report a client error (/api/client-errors): a contract
// mismatch is one. Also the vote modal (no second banner or
// contentinfo landmark while it is open) and the error page. Relies on the demo seed
// (packages/db/src/seed): plan 2 exists; each account's own orders are the seed's order stories;
// staff has never voted.

const WIDTHS = [375, 1280] as const;
const DESKTOP_MIN_WIDTH = 890;
const LANDMARK_RULES = [
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-unique',
];

/** What every signed-in account can open (spec §2). */
const MEMBER_PAGES = [
  '/shop',
  '/shop?category=helper',
  '/shop/2',
  '/products/credits',
  '/products/gp',
  '/products/vip',
  '/vip',
  '/account',
  '/session-logs',
  '/device',
  '/device?code=MQGK-VCPG',
];
/** The member pages whose content depends on the account (its credits, roles, subscriptions). */
const OWN_PAGES = ['/shop', '/account'];
/**
 * The member pages whose content depends only on whether the account has VIP: walked by a VIP
 * (vip), an account without it (customer) and owner; the other roles' headers are checked on their
 * own pages.
 */
const VIP_STATE_PAGES = ['/products/vip', '/vip'];

/**
 * Every page each account can open: the member pages in full for owner, who has every menu; for the
 * others the pages that show the account's own state (the rest differ only in the header, which
 * those pages check with each role's menus), the checkout of an order of its own in the seed, and
 * its role's pages. The VIP pages, whose content is one of two states, by an account in each.
 */
const PAGES_OF: Record<SignedInAccount | 'guest', readonly string[]> = {
  guest: [
    '/',
    '/shop',
    '/shop?category=free',
    '/shop/2',
    '/tos',
    '/privacy',
    '/faq',
    '/oauth2',
    '/device?code=MQGK-VCPG',
    '/no-such-page',
  ],
  customer: [...OWN_PAGES, ...VIP_STATE_PAGES, '/session-logs', '/checkout/3', '/checkout/7'],
  vip: [...OWN_PAGES, ...VIP_STATE_PAGES, '/checkout/6'],
  developer: [...OWN_PAGES, '/developer'],
  premium: [...OWN_PAGES, '/developer', '/checkout/5'],
  staff: [...OWN_PAGES, '/session-logs', '/checkout/9'],
  payments: [...OWN_PAGES, '/orders', '/orders?status=PENDING', '/checkout/10'],
  admin: [
    ...OWN_PAGES,
    // Its section nav leads to every other section.
    '/admin?section=users&q=customer',
    '/developer/plan/24',
    '/checkout/8',
  ],
  owner: [...MEMBER_PAGES, '/owner', '/tos', '/privacy', '/faq', '/no-such-page'],
};

/**
 * Pages reached through a link on a page visited before: every admin section (its nav), and a
 * developer's repository, plan and price dashboards, whose ids the seed chooses (the first link of
 * each kind).
 */
const FOLLOWED_LINKS: readonly { pattern: RegExp; every?: boolean }[] = [
  { pattern: /^\/admin\?section=[\w-]+$/, every: true },
  { pattern: /^\/developer\/repository\/\d+$/ },
  { pattern: /^\/developer\/plan\/\d+$/ },
  { pattern: /^\/developer\/plan\/\d+\/price\/\d+$/ },
];

async function linksToFollow(
  page: Page,
  followed: Set<RegExp>,
  queued: readonly string[],
): Promise<string[]> {
  const hrefs = await page.locator('main a[href]').evaluateAll((links) =>
    links.map((link) => {
      const url = new URL((link as HTMLAnchorElement).href);
      return `${url.pathname}${url.search}`;
    }),
  );
  const found: string[] = [];
  for (const { pattern, every } of FOLLOWED_LINKS) {
    if (followed.has(pattern)) continue;
    const matching = hrefs.filter(
      (href) => pattern.test(href) && !queued.includes(href) && !found.includes(href),
    );
    const taken = every ? matching : matching.slice(0, 1);
    if (taken.length > 0) followed.add(pattern);
    found.push(...taken);
  }
  return found;
}

/** Collects what the pages of `context` report to /api/client-errors. */
function clientErrorsOf(context: BrowserContext): string[] {
  const reports: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/client-errors'))
      reports.push(String(request.postDataJSON()?.message));
  });
  return reports;
}

/** At 375 px: the menu dialog, open, has no violation either (its entries differ per role). */
async function expectMenuClean(page: Page, where: string) {
  await page.getByLabel('Open menu').click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await settle(page);
  await expectAxeClean(page, `the menu on ${where}`);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/** An account's pages in walks of at most this many listed pages (and the links they lead to). */
const PAGES_PER_WALK = 4;

/** `pages` in runs of `size`: each run is one test, so the walks balance across the workers. */
function inRunsOf(pages: readonly string[], size: number): string[][] {
  const runs: string[][] = [];
  for (let start = 0; start < pages.length; start += size) runs.push(pages.slice(start, start + size));
  return runs;
}

async function walkPages(
  browser: Browser,
  account: SignedInAccount | 'guest',
  pages: readonly string[],
  withMenu: boolean,
) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    storageState: account === 'guest' ? undefined : storedSessionOf(account),
  });
  const reports = clientErrorsOf(context);
  const page = await context.newPage();
  const queue = [...pages];
  const followed = new Set<RegExp>();
  for (let index = 0; index < queue.length; index += 1) {
    const url = queue[index] as string;
    const where = `${url} (${account})`;
    await test.step(where, async () => {
      // Each page opens at the width the previous one ended at, then takes the other: resizing a
      // page only to leave it cost a layout of it per page.
      const [phone, desktop] = WIDTHS;
      const [first, second] = index % 2 === 0 ? [desktop, phone] : [phone, desktop];
      // A signed-in account reaches its next page inside the app, as a person does. Loaded in full:
      // a guest's pages, as a visitor arriving from elsewhere gets them (rendered by the server), and
      // an address differing only in its query (/device reads its code once, on arrival).
      const inApp =
        index > 0 &&
        account !== 'guest' &&
        new URL(url, page.url()).pathname !== new URL(page.url()).pathname;
      if (inApp) await openInApp(page, url);
      else {
        await page.goto(url);
        await waitForApp(page);
      }
      await settle(page);
      await expectAxeClean(page, `${where} at ${first} px`);
      queue.push(...(await linksToFollow(page, followed, queue)));
      await page.setViewportSize({ width: second, height: 900 });
      await settle(page);
      await expectAxeClean(page, `${where} at ${second} px`);
      if (withMenu && index === 0) await expectMenuClean(page, where);
      expect(reports, `client errors reported on ${where}`).toEqual([]);
    });
  }
  await context.close();
}

async function expectOneOfEachLandmark(page: Page, where: string) {
  const violations = await axeViolations(page, { rules: LANDMARK_RULES });
  expect(
    violations.map((violation) => violation.id),
    `landmark violations on ${where}`,
  ).toEqual([]);
}

async function openVoteModal(page: Page, width: number, displayName: string) {
  if (width >= DESKTOP_MIN_WIDTH) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: new RegExp(displayName) })
      .hover();
    await page.getByRole('button', { name: 'Vote' }).click();
  } else {
    await page.getByLabel('Open menu').click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Vote' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Vote for Ember' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('every page of every role (axe-core)', () => {
  // The walks run side by side; the longest is the admin's section nav, every section at two widths.
  test.describe.configure({ mode: 'parallel', timeout: scaled(60_000) });
  for (const account of Object.keys(PAGES_OF) as (keyof typeof PAGES_OF)[]) {
    const who = account === 'guest' ? 'a guest' : account;
    const runs = inRunsOf(PAGES_OF[account], PAGES_PER_WALK);
    runs.forEach((pages, index) => {
      const part = runs.length > 1 ? ` (part ${index + 1} of ${runs.length})` : '';
      test(`every page ${who} can open, at 375 and 1280 px${part}`, async ({ browser }) => {
        await walkPages(browser, account, pages, index === 0);
      });
    });
  }
});

test.describe('accessibility (axe-core)', () => {
  // One test per width of the account page and its vote modal (one test of both took up to 90 s).
  test.describe.configure({ timeout: scaled(60_000) });

  for (const width of WIDTHS) {
    test(`the account page and the vote modal at ${width} px`, async ({ browser }) => {
      // The page itself is walked above, at both widths; here the modal over it.
      const page = await signedInPage(browser, 'customer', '/account');
      await page.setViewportSize({ width, height: 900 });
      await settle(page);

      const dialog = await openVoteModal(page, width, 'Casey Customer');
      await expect(dialog.getByText(/^Each vote:/)).toBeVisible();
      await settle(page);
      await expectAxeClean(page, `the vote modal at ${width} px`);
      await expectOneOfEachLandmark(page, `/account with the vote modal open at ${width} px`);
      await saveScreenshot(page, `vote-modal-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await page.context().close();
    });
  }

  test('voting records the vote, then the modal says when the next vote is allowed', async ({ browser }) => {
    const page = await signedInPage(browser, 'staff');
    let dialog = await openVoteModal(page, 1280, 'Stan Staff');
    await dialog.getByRole('button', { name: 'Vote' }).click();
    await expect(page.getByText('Thanks for voting!', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      dialog = await openVoteModal(page, width, 'Stan Staff');
      await expect(dialog.getByText(/^You can vote again at /)).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Vote' })).toBeDisabled();
      await settle(page);
      await saveScreenshot(page, `vote-modal-next-vote-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    await page.context().close();
  });

  test('a page that fails to load shows the error page and reports the error', async ({ page }) => {
    // A chunk that cannot load (say, removed by a deploy) makes the page throw while rendering.
    await page.route(/\/assets\/faq-page-[^/]+\.js$/, (route) => route.abort());
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const report = page.waitForRequest(
        (request) => request.url().endsWith('/api/client-errors') && request.method() === 'POST',
      );
      await page.goto('/faq');
      await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
      expect((await report).postDataJSON().message).toMatch(/^Render error: /);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await settle(page);
      await expectAxeClean(page, `the error page at ${width} px`);
      await saveScreenshot(page, `error-page-${width}`);
    }
  });
});
