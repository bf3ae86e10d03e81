import { type Account, type AccountWish, signInContext, test } from '../support/accounts.ts';
import { expectNoSeriousViolations, settle } from '../support/axe.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { type Browser, type BrowserContext, expect, type Locator, type Page } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 9 acceptance: a buyer buys credits and VIP through the sandbox checkout (the server's own
// local checkout page, which sends a signed webhook through the real fulfilment), places an order
// paid in GP, payments completes it on /orders, and /account lists all three. Relies on the demo
// seed (packages/db/src/seed/data/products.ts): product 1 'Credits' (card, 1 cent per credit, min
// 100), 'Credits (GP)' (40K GP per credit, min 500), 'VIP' (card, €15.00 a month).
//
// The tests follow one buyer: a fresh account of this file (e2e/support/accounts.ts, decision 0048)
// that buys credits, then VIP, places a GP order that payments completes, and finds all three on
// /account, one test after the other. The demo accounts stay as the seed made them.

const WIDTHS = [375, 1280] as const;

test.describe.configure({ mode: 'serial', timeout: scaled(60_000) });

async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  await saveScreenshot(page, name, { fullPage });
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** A toast (not the same words shown under a form field). */
const toast = (page: Page, message: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(message, { exact: true });

async function navBalance(page: Page): Promise<number> {
  const text = await mainNav(page)
    .getByText(/^Credits: [\d,]+$/)
    .textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/** The file's buyer: made by the first test that needs it, with no credits and no VIP. */
let buyer: Account | undefined;

async function contextPage(browser: Browser, signIn: (context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await signIn(context);
  const page = await context.newPage();
  await page.goto('/shop');
  await expect(mainNav(page).getByText(/^Credits: [\d,]+$/)).toBeVisible();
  return page;
}

/** A page signed in as the file's buyer. */
async function buyerPage(browser: Browser, newAccount: (wish?: AccountWish) => Promise<Account>) {
  buyer ??= await newAccount({ displayName: 'Bea Buyer' });
  const account = buyer;
  return contextPage(browser, (context) => signInContext(context, account));
}

/** A page signed in as the demo payments account, which only reads and completes others' orders. */
const paymentsPage = (browser: Browser) =>
  contextPage(browser, (context) => signInContext(context, 'payments'));

const productCard = (page: Page, name: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

/** Opens the purchase modal of `product`, types the amount, agrees to the terms and continues. */
async function order(
  page: Page,
  product: string,
  amount: string,
  action: 'Continue to payment' | 'Place order',
) {
  await productCard(page, product)
    .getByRole('button', { name: `Buy ${product}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Buy ${product}` });
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await dialog.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
  await dialog.getByRole('button', { name: action }).click();
  return dialog;
}

/** After 'Continue to payment': OK, the sandbox checkout, Pay; back on /checkout/{id}. Returns the order id. */
async function payInSandbox(page: Page, price: string): Promise<number> {
  const confirm = page.getByRole('dialog', { name: 'Continue to payment' });
  await expect(confirm).toContainText('Press OK to continue to payment page');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeVisible();
  await expect(page.getByTestId('checkout-status')).toHaveText('Completed');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

const orderIds: { credits?: number; vip?: number; gp?: number } = {};

test('a buyer buys 1,000 credits through the sandbox checkout and the balance rises by exactly that', async ({
  browser,
  newAccount,
}) => {
  const page = await buyerPage(browser, newAccount);
  const start = await navBalance(page);
  await mainNav(page).getByRole('button', { name: 'Purchase' }).hover();
  await page.getByRole('link', { name: 'Credits', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/credits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
  await expect(productCard(page, 'Credits').getByTestId('unit-price')).toHaveText('€0.01 per credit');
  await expect(productCard(page, 'Credits (GP)').getByTestId('unit-price')).toHaveText('40K GP per credit');
  await expect(page.getByRole('list', { name: 'Products' })).toHaveAttribute('data-layout', 'row');

  // The modal checks the amount before anything is sent, and prices it live.
  await productCard(page, 'Credits').getByRole('button', { name: 'Buy Credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Credits' });
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('ten');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(dialog.getByText('Please enter a valid amount.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('5000');
  await expect(dialog.getByTestId('purchase-total')).toHaveText('€50.00');
  await dialog.getByRole('button', { name: /^Bulk discounts/ }).click();
  await expect(dialog.getByTestId('delivered-units')).toContainText('5,250 credits');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await expectNoSeriousViolations(page, `the purchase modal at ${width} px`);
    await shoot(page, `purchase-modal-${width}`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await order(page, 'Credits', '1000', 'Continue to payment');
  orderIds.credits = await payInSandbox(page, '€10.00');
  await expect(page.getByText('1,000 credits were added to your balance.')).toBeVisible();
  await expect(
    mainNav(page).getByText(`Credits: ${(start + 1000).toLocaleString('en-US')}`, { exact: true }),
  ).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await expectNoSeriousViolations(page, `the checkout return page at ${width} px`);
    await shoot(page, `checkout-return-${width}`);
  }
  await page.context().close();
});

test('the buyer buys VIP from the VIP page and gets the gem and VIP until', async ({
  browser,
  newAccount,
}) => {
  const page = await buyerPage(browser, newAccount);
  const trigger = mainNav(page).getByRole('button', { name: /Bea Buyer$/ });
  // Compared before and after: 'Not VIP' for a fresh account (or an earlier end date on a retry).
  await page.goto('/account');
  const vipStatus = page.getByTestId('vip-status');
  await expect(vipStatus).toHaveText(/^(Not VIP|VIP until .+)$/);
  const before = await vipStatus.textContent();
  await page.goto('/vip');
  // The VIP page offers the button above and below the document.
  await page.getByRole('link', { name: 'Purchase VIP' }).first().click();
  await expect(page).toHaveURL(/\/products\/vip$/);
  await expect(productCard(page, 'VIP').getByTestId('unit-price')).toHaveText('€15.00 per month');
  await order(page, 'VIP', '1', 'Continue to payment');
  orderIds.vip = await payInSandbox(page, '€15.00');
  await expect(page.getByText('1 month of VIP was added to your account.')).toBeVisible();
  await expect(trigger.getByRole('img', { name: 'VIP' })).toBeVisible();
  await page.goto('/account');
  await expect(vipStatus).toHaveText(/^VIP until \d{1,2} [A-Z][a-z]+ \d{4}$/);
  expect(await vipStatus.textContent()).not.toBe(before);
  await page.context().close();
});

test("the buyer places an order paid in GP, sees 'Order Placed' and copies the id", async ({
  browser,
  newAccount,
}) => {
  const page = await buyerPage(browser, newAccount);
  for (const name of ['credits', 'gp', 'vip'] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/products/${name}`);
      await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
      await settle(page);
      await expectNoSeriousViolations(page, `/products/${name} at ${width} px`);
      await shoot(page, `products-${name}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products/credits');
  await order(page, 'Credits (GP)', '500', 'Place order');
  const placed = page.getByRole('dialog', { name: 'Order Placed' });
  await expect(placed).toBeVisible();
  const idText = (await placed.getByTestId('placed-order-id').textContent()) ?? '';
  orderIds.gp = Number(idText.replace(/[^\d]/g, ''));
  expect(orderIds.gp).toBeGreaterThan(0);
  await placed.getByTestId('placed-order-id').click();
  await expect(toast(page, 'Successfully copied Order ID')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`order #${orderIds.gp}`);
  await expectNoSeriousViolations(page, "the 'Order Placed' modal");
  await shoot(page, 'order-placed-1280', { fullPage: false });
  await page.context().close();
});

test('payments completes the GP order on /orders', async ({ browser }) => {
  const gpOrder = orderIds.gp;
  expect(gpOrder, 'the GP order of the test before').toBeDefined();
  const page = await paymentsPage(browser);
  await page.goto('/orders');
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('rowheader', { name: `#${gpOrder}` })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await expectNoSeriousViolations(page, `/orders at ${width} px`);
    await shoot(page, `orders-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(String(gpOrder));
  await expect(table.getByRole('rowheader')).toHaveText([`#${gpOrder}`]);
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `#${gpOrder}` }) });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Details of order ${gpOrder}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${gpOrder}` });
  await expect(dialog).toContainText('Bea Buyer');
  await expect(dialog).toContainText('20M GP');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await expectNoSeriousViolations(page, `the order detail at ${width} px`);
    await shoot(page, `orders-detail-${width}`, { fullPage: false });
  }
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(dialog).toContainText('Are you sure you want to complete this order?');
  await dialog.getByRole('button', { name: 'Yes, complete' }).click();
  await expect(toast(page, 'Order completed successfully!')).toBeVisible();
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();
  await expect(row).toContainText('Completed');
  await page.context().close();
});

test("the buyer's order history on /account shows all three with their statuses", async ({
  browser,
  newAccount,
}) => {
  const page = await buyerPage(browser, newAccount);
  await page.goto('/account');
  const history = page.getByRole('table', { name: 'Orders' });
  for (const id of [orderIds.credits, orderIds.vip, orderIds.gp]) {
    expect(id).toBeDefined();
    const row = history.getByRole('row').filter({ has: page.getByText(`#${id}`, { exact: true }) });
    await expect(row).toContainText('Completed');
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await settle(page);
    await shoot(page, `account-order-history-${width}`);
  }
  await page.context().close();
});
