import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations, settle } from '../support/axe.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { type SignedInAccount, storedSessionOf } from '../support/stored-sessions.ts';
import { expect, test, waitForApp } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 26, items 11 and 12: every control shows the focus ring when reached with Tab (the primary
// buttons' own shadow hid it), nothing scrolls sideways at 320 px, the pager stays usable there, and
// a toast on a phone leaves the header (its menu button) reachable.

test.use({ reducedMotion: 'reduce' });

interface FocusStop {
  name: string;
  /** outline and box-shadow of the control and the two elements around it, focused and not. */
  focused: string;
  rest: string;
}

/**
 * Presses Tab once and reads how the focused control looks, then how it looks without focus. A
 * wrapper may draw the ring (a price option around its radio), so its two ancestors count too.
 */
async function tabToNextControl(page: Page): Promise<FocusStop | null> {
  await page.keyboard.press('Tab');
  return page.evaluate(async () => {
    // Transitions last 0.01 ms under reduced motion: one frame later the look is final.
    // A transition that starts in the frame the look is read in still reads its first value (seen
    // on a busy machine): wait for the running transitions to end as well.
    const frames = async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
      await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
    };
    await frames();
    const control = document.activeElement as HTMLElement | null;
    if (!control || control === document.body) return null;
    const chain = [control, control.parentElement, control.parentElement?.parentElement].filter(
      (element): element is HTMLElement => element instanceof HTMLElement,
    );
    const look = () =>
      chain
        .map((element) => {
          const style = getComputedStyle(element);
          const outline =
            style.outlineStyle === 'none'
              ? 'no outline'
              : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
          return `${outline} | ${style.boxShadow}`;
        })
        .join(' / ');
    const focused = look();
    control.blur();
    await frames();
    const rest = look();
    control.focus();
    await frames();
    const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 60);
    return { name: `${control.tagName.toLowerCase()} "${name}"`, focused, rest };
  });
}

const FOCUS_PAGES: {
  url: string;
  shot: string;
  /** The primary (orange) buttons of the issue, which must be among the controls reached. */
  primary: RegExp[];
  account?: SignedInAccount;
  /** Enough stops for the header, the page's controls and the named buttons. */
  stops: number;
}[] = [
  { url: '/', shot: 'home', primary: [/^a "Log in"$/, /^a "Browse plugins"$/], stops: 20 },
  { url: '/shop', shot: 'shop', primary: [/^a "Log in"$/, /^(a|button) "Buy /], stops: 20 },
  { url: '/shop/3', shot: 'plan', primary: [/^a "Log in"$/, /^(a|button) "Purchase"$/], stops: 25 },
  {
    url: '/products/credits',
    shot: 'products-credits',
    primary: [/^(a|button) "Buy Credits"$/],
    account: 'customer',
    stops: 20,
  },
];

test.describe('the focus ring (item 11)', () => {
  for (const { url, shot, primary, account, stops } of FOCUS_PAGES) {
    test(`every control on ${url} looks different when reached with Tab`, async ({ browser }) => {
      // Two dozen Tab presses, each read focused and not, on a busy 2-core machine.
      test.setTimeout(scaled(60_000));
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        reducedMotion: 'reduce',
        ...(account ? { storageState: storedSessionOf(account) } : {}),
      });
      const page = await context.newPage();
      await page.goto(url);
      await waitForApp(page);
      await settle(page);

      const reached: FocusStop[] = [];
      let shotTaken = false;
      for (let index = 0; index < stops; index++) {
        const stop = await tabToNextControl(page);
        if (!stop) break;
        reached.push(stop);
        if (!shotTaken && primary.some((pattern) => pattern.test(stop.name) && !/Log in/.test(stop.name))) {
          const box = await page.evaluate(() => {
            const rect = (document.activeElement as HTMLElement).getBoundingClientRect();
            return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
          });
          await saveScreenshot(page, `focus-ring-${shot}-1280`, {
            clip: {
              x: Math.max(0, box.x - 40),
              y: Math.max(0, box.y - 40),
              width: Math.min(box.width + 80, 1280),
              height: box.height + 80,
            },
          });
          shotTaken = true;
        }
      }

      const names = reached.map((stop) => stop.name).join(', ');
      for (const pattern of primary) {
        const stop = reached.find((candidate) => pattern.test(candidate.name));
        expect(stop, `${pattern} is among the controls reached with Tab on ${url}: ${names}`).toBeDefined();
        // The shared ring: a 2 px outline, on top of the button's own shadow.
        expect(stop?.focused).toMatch(/^solid 2px rgb\(255, 154, 82\)/);
      }
      const unchanged = reached.filter((stop) => stop.focused === stop.rest).map((stop) => stop.name);
      expect(unchanged, `controls on ${url} that look the same focused and not`).toEqual([]);
      await context.close();
    });
  }
});

/** A page at 320 px, signed in as `account` when given, settled. */
async function pageAt(browser: Browser, url: string, width: number, account?: SignedInAccount) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    reducedMotion: 'reduce',
    ...(account ? { storageState: storedSessionOf(account) } : {}),
  });
  const page = await context.newPage();
  await page.goto(url);
  await waitForApp(page);
  await settle(page);
  return page;
}

const PHONE_PAGES: { url: string; shot?: string; account?: SignedInAccount }[] = [
  { url: '/', shot: 'home' },
  { url: '/shop', shot: 'shop' },
  { url: '/shop/3' },
  { url: '/account', shot: 'account', account: 'customer' },
  { url: '/developer', account: 'developer' },
  { url: '/orders', account: 'payments' },
];

test.describe('at 320 px (item 12)', () => {
  for (const { url, shot, account } of PHONE_PAGES) {
    test(`${url}${account ? ` (${account})` : ''} does not scroll sideways`, async ({ browser }) => {
      const page = await pageAt(browser, url, 320, account);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `${url} is no wider than 320 px`,
        })
        .toBeLessThanOrEqual(320);
      await expectNoSeriousViolations(page, `${url} at 320 px`);
      if (shot) {
        await saveScreenshot(page, `phone-320-${shot}`);
      }
      await page.context().close();
    });
  }

  test('the shop pager is on screen and pages', async ({ browser }) => {
    const page = await pageAt(browser, '/shop?size=10', 320);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
    const next = pager.getByRole('link', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    const box = await next.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320, 'Next lies inside the screen').toBe(true);
    await saveScreenshot(pager, 'phone-320-shop-pager');
    await next.click();
    await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(page).toHaveURL(/\/shop\?page=1&size=10$/);
    await page.context().close();
  });
});

// Under reduced motion too (this file's setting): the toast's timer is its progress bar's animation,
// which the reduced-motion rule had cut to 0.01 ms, so every toast vanished at once.
test('at 375 px a toast leaves the header and its menu button reachable (item 12)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
  // A refused sign-in ends with a toast back on the landing page; the phone is 375 px wide.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: /^Continue as outsider\b/ }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Login failed.' });
  await expect(toast).toBeVisible();
  // The pointer on the toast holds its 5 s timer (pauseOnHover), as a reader's would: under load the
  // measuring below once outlasted the toast.
  await toast.hover();
  await waitForApp(page);

  const header = page.getByRole('banner');
  const headerBox = await header.boundingBox();
  const toastBox = await toast.boundingBox();
  expect(headerBox && toastBox).toBeTruthy();
  if (!headerBox || !toastBox) return;
  const overlaps = toastBox.y < headerBox.y + headerBox.height && headerBox.y < toastBox.y + toastBox.height;
  expect(overlaps, 'the toast lies outside the header').toBe(false);
  await saveScreenshot(page, 'phone-375-toast', { fullPage: false });

  // The menu button answers while the toast is still up.
  await expect(toast).toBeVisible();
  await page.getByLabel('Open menu').click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
});
