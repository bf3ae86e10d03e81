import { readFile } from 'node:fs/promises';
import { expectNoSeriousViolations, settle } from '../support/axe.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { storedSessionOf, useStoredSession } from '../support/stored-sessions.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// What a paying user tripped over (issue 12): a bookmarked /oauth2, Cancel on the consent page,
// buying a plan twice, options the server refuses, gifts to a bare id, prices missing from the shop
// and refunded subscriptions shown as expired. Relies on the demo seed: the customer holds Rooftop
// Runner (plan 1, Monthly) and the free plan, and had one subscription refunded.

const VIP_DISCORD_ID = '314159265358979309';

/** Full-page by default; `fullPage: false` with a dialog open, which a full-page shot stretches. */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await saveScreenshot(page, name, { fullPage });
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const buyBox = (page: Page) => page.getByRole('complementary', { name: 'Purchase' });
const giftCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Gift credits' }) });
const cards = (page: Page) => page.getByRole('list', { name: 'Plugins' }).getByRole('article');

/** Waits until every picture on the page has loaded (lazy ones included). */
async function settleImages(page: Page) {
  await page.evaluate(async () => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
    await Promise.all(
      Array.from(document.images).map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })),
      ),
    );
  });
}

test.describe('sign-in pages opened out of turn', () => {
  test('/oauth2 opened while signed in (a bookmark) lands on /shop and keeps the session', async ({
    page,
  }) => {
    await useStoredSession(page, 'customer', '/oauth2');
    await expect(page).toHaveURL(/\/shop$/);
    await expect(mainNav(page).getByRole('button', { name: /Casey Customer$/ })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByText(/Invalid input/)).toHaveCount(0);
  });

  test('Cancel on the consent page (error=access_denied) says so in words', async ({ page }) => {
    await page.goto('/oauth2?error=access_denied&error_description=The+resource+owner+denied+the+request');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Login was cancelled. You can log in again at any time.')).toBeVisible();
    await expect(page.getByText(/Invalid input/)).toHaveCount(0);
  });
});

test.describe('shop cards', () => {
  test("show 'from N credits' or Free, and sort by price", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shop');
    await expect(cards(page)).toHaveCount(25);
    await expect(
      cards(page).filter({ hasText: 'Rooftop Runner' }).getByText('from 450 credits'),
    ).toBeVisible();

    await page.getByLabel('Sort by').selectOption('price');
    await expect(page).toHaveURL(/[?&]sort=price\b/);
    await expect(cards(page).first().getByTestId('plan-from-price')).toHaveText('Free');
    await settleImages(page);
    await shoot(page, 'shop-sorted-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await settleImages(page);
    // The layout switches to one column after the resize: wait for it rather than measuring once.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shoot(page, 'shop-sorted-375');
  });
});

test.describe('buying safely', () => {
  test('a held plan says until when, and Purchase asks with the total before spending', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'customer');
    await expect(
      cards(page)
        .filter({ hasText: 'Rooftop Runner' })
        .getByText(/^You already have this plan until /),
    ).toBeVisible();

    await page.goto('/shop/1');
    await expect(page.getByTestId('held-note')).toHaveText(/^You already have this plan until .+\.$/);
    await page.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
    await buyBox(page).getByRole('button', { name: 'Purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy Rooftop Runner?' });
    await expect(dialog).toContainText('You already have this plan until');
    await expect(dialog).toContainText('Monthly: 450 credits will be taken from your balance.');
    await shoot(page, 'plan-confirm-1280', { fullPage: false });
    const balance = await mainNav(page)
      .getByText(/^Credits: /)
      .textContent();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(mainNav(page).getByText(/^Credits: /)).toHaveText(balance ?? '');

    await page.setViewportSize({ width: 375, height: 812 });
    await shoot(page, 'plan-held-375');
  });

  test('a VIP-only option is unavailable for a non-VIP, with the reason', async ({ page }) => {
    await useStoredSession(page, 'customer', '/shop/28');
    const option = page.locator('[data-price-id="44"]');
    await expect(option.getByTestId('option-unavailable')).toHaveText(
      'Unavailable This option is for VIP members only.',
    );
    await option.getByRole('radio').check();
    await expect(buyBox(page).getByRole('button', { name: 'Purchase' })).toBeDisabled();
  });

  test('a gift names the receiver before Send gift', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'customer', '/shop/2');
    await page.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
    await buyBox(page).getByRole('button', { name: 'Gift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gift Storm Angler' });
    await dialog.getByLabel("Receiver's Discord ID").fill(VIP_DISCORD_ID);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByTestId('gift-receiver')).toContainText('Vera VIP (@vip)');
    await expect(dialog.getByRole('button', { name: 'Send gift' })).toBeVisible();
    await shoot(page, 'gift-receiver-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await shoot(page, 'gift-receiver-375', { fullPage: false });
  });
});

test.describe('account', () => {
  test('a refunded subscription says Refunded; a credit gift names the receiver', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useStoredSession(page, 'customer', '/account');
    const subscriptions = page.getByRole('table', { name: 'Subscriptions' });
    await expect(subscriptions.getByText('Refunded', { exact: true })).toBeVisible();

    const gift = giftCard(page);
    await gift.getByLabel("Receiver's Discord ID").fill(VIP_DISCORD_ID);
    await gift.getByLabel('Amount').fill('0x10');
    await gift.getByRole('button', { name: 'Gift credits' }).click();
    await expect(gift.getByText('Please enter a valid amount.')).toBeVisible();
    await gift.getByLabel('Amount').fill('5');
    await gift.getByRole('button', { name: 'Gift credits' }).click();
    const confirm = page.getByRole('dialog', { name: 'Gift credits' });
    await expect(confirm).toContainText(`Send 5 credits to Vera VIP (@vip), Discord ID ${VIP_DISCORD_ID}?`);
    await shoot(page, 'account-gift-confirm-1280', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 375, height: 812 });
    await shoot(page, 'account-375');
  });
});

/** GET on the commerce API as `staff` (the product JWT from the stored session). */
async function asStaff(request: APIRequestContext, url: string) {
  const state = JSON.parse(await readFile(storedSessionOf('staff'), 'utf8')) as {
    cookies: { name: string; value: string }[];
  };
  const chatToken = state.cookies.find((cookie) => cookie.name === 'token')?.value;
  const signIn = await request.post('/api/identity/token', {
    headers: { authorization: `Bearer ${chatToken}` },
  });
  const answer = await request.get(`/api/commerce${url}`, {
    headers: { authorization: signIn.headers().authorization ?? '' },
  });
  expect(answer.ok()).toBe(true);
  return answer.json();
}

/** staff's own orders, as GET commerce /orders/my answers them. */
const ordersOfStaff = (request: APIRequestContext): Promise<{ id: number; orderStatus: string }[]> =>
  asStaff(request, '/orders/my');

/** The stock of "GP (crypto)" (800 in the demo data), as the products page reads it. */
async function gpCryptoStock(request: APIRequestContext): Promise<number | null> {
  const products: { name: string; stock: number | null }[] = await asStaff(request, '/products/by-name/gp');
  return products.find((product) => product.name === 'GP (crypto)')?.stock ?? null;
}

/**
 * How far (px) the middle of `row` is from the middle of the window; 0 when the page is scrolled
 * to its end with the row below the middle (no page left to bring it higher).
 */
async function rowOffsetFromCentre(page: Page, row: Locator): Promise<number> {
  const box = await row.boundingBox();
  const { height, atEnd } = await page.evaluate(() => ({
    height: window.innerHeight,
    atEnd: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
  }));
  if (!box) return Number.POSITIVE_INFINITY;
  const offset = box.y + box.height / 2 - height / 2;
  return atEnd && offset > 0 ? 0 : Math.abs(offset);
}

// Issue 26, items 1 and 5, as `staff` (whose orders no other spec counts): Cancel at the payment
// confirmation leaves no order and takes no stock; one double click never answers a dialog; the
// terms label ticks the box; "See my orders" lands on the new order, whose row offers Continue to
// payment and Cancel order.
test.describe('after Buy', () => {
  test('Cancel at the confirmation leaves no order and takes no stock; double clicks answer nothing', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const ordersBefore = (await ordersOfStaff(request)).length;
    await useStoredSession(page, 'staff', '/products/gp');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'GP (crypto)' }) });
    const stock = await card.getByTestId('stock-badge').textContent();

    // A double click on Buy opens the purchase and leaves it open.
    await card.getByRole('button', { name: 'Buy GP (crypto)' }).dblclick();
    const purchase = page.getByRole('dialog', { name: 'Buy GP (crypto)' });
    await expect(purchase).toBeVisible();
    await purchase.getByLabel(/^Amount/).fill('300');
    // The words of the label tick the box; only "terms of service" is a link, to a new tab.
    await purchase.getByText('I agree to the', { exact: false }).click({ position: { x: 5, y: 5 } });
    await expect(purchase.getByRole('checkbox', { name: 'I agree to the terms of service' })).toBeChecked();
    const terms = purchase.getByRole('link', { name: 'terms of service' });
    await expect(terms).toHaveAttribute('target', '_blank');
    await expect(terms).toHaveAttribute('rel', /noopener/);

    // A double click on Continue to payment opens the confirmation, which the second click does not answer.
    await purchase.getByRole('button', { name: 'Continue to payment' }).dblclick();
    const confirm = page.getByRole('dialog', { name: 'Continue to payment' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Press OK to continue to payment page');
    await expect(confirm.getByTestId('payment-summary')).toContainText('GP (crypto)');
    await expect(confirm.getByTestId('payment-summary')).toContainText('300');
    await expect(confirm.getByTestId('payment-total')).toHaveText('€72.00');
    await settle(page);
    await expectNoSeriousViolations(page, 'the payment confirmation');
    await shoot(page, 'purchase-confirm-1280', { fullPage: false });
    await page.setViewportSize({ width: 320, height: 640 });
    await shoot(page, 'purchase-confirm-320', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await page.reload();
    await expect(card.getByTestId('stock-badge')).toHaveText(stock ?? '');
    expect((await ordersOfStaff(request)).length).toBe(ordersBefore);
  });

  test('after OK, See my orders lands on the unpaid order, which offers Continue to payment and Cancel order', async ({
    page,
    request,
  }) => {
    // A purchase, two axe passes, four screenshots at two widths and a second landing on the order
    // at 320 px: 28–32 s on the CI machine before the second landing, against the default 30 s.
    test.setTimeout(scaled(60_000));
    await page.setViewportSize({ width: 1280, height: 900 });
    const ordersBefore = (await ordersOfStaff(request)).length;
    const stockBefore = await gpCryptoStock(request);
    await useStoredSession(page, 'staff', '/products/gp');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'GP (crypto)' }) });
    const purchase = page.getByRole('dialog', { name: 'Buy GP (crypto)' });
    const confirm = page.getByRole('dialog', { name: 'Continue to payment' });

    // OK: the order is placed and its checkout opened; the buyer comes back without paying.
    await card.getByRole('button', { name: 'Buy GP (crypto)' }).click();
    await purchase.getByLabel(/^Amount/).fill('10');
    await purchase.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
    await purchase.getByRole('button', { name: 'Continue to payment' }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/sandbox-checkout\//);
    const orders = await ordersOfStaff(request);
    expect(orders.length).toBe(ordersBefore + 1);
    const placed = orders[0];
    expect(placed?.orderStatus).toBe('awaiting_payment');

    // Its page: See my orders lands on it in the history, where it offers both ways out.
    await page.goto(`/checkout/${placed?.id}`);
    await expect(page.getByRole('button', { name: `Cancel order ${placed?.id}` })).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, 'the page of an order awaiting payment');
    await shoot(page, 'checkout-awaiting-1280', { fullPage: false });
    await page.setViewportSize({ width: 320, height: 640 });
    await shoot(page, 'checkout-awaiting-320', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'See my orders' }).click();
    await expect(page).toHaveURL(new RegExp(`/account\\?order=${placed?.id}$`));
    const row = page.locator('tr[aria-current="true"]');
    await expect(row).toBeFocused();
    await expect(row).toBeInViewport();
    // Centred, once the cards above it have loaded (issue 34, item 8).
    await expect.poll(() => rowOffsetFromCentre(page, row)).toBeLessThan(40);
    await expect(row.getByRole('link', { name: `Order ${placed?.id}: details and status` })).toBeVisible();
    await expect(
      row.getByRole('button', { name: `Continue to payment of order ${placed?.id}` }),
    ).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, 'the order history landed on an order');
    await shoot(page, 'account-orders-awaiting-1280', { fullPage: false });
    // On a phone the row lands in the middle too, the cards above it loading after it.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.reload();
    await expect(row).toBeFocused();
    await expect.poll(() => rowOffsetFromCentre(page, row)).toBeLessThan(40);
    await shoot(page, 'account-orders-awaiting-320', { fullPage: false });

    // Cancel order: stock back at once, nothing left awaiting payment.
    await row.getByRole('button', { name: `Cancel order ${placed?.id}` }).click();
    await page
      .getByRole('dialog', { name: `Cancel order #${placed?.id}?` })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    expect((await ordersOfStaff(request)).find((order) => order.id === placed?.id)?.orderStatus).toBe(
      'cancelled',
    );
    expect(await gpCryptoStock(request)).toBe(stockBefore);
  });
});
