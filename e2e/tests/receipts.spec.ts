import { test } from '../support/accounts.ts';
import { pdfText } from '../support/pdf.ts';
import { expect, type Page } from '../support/test.ts';
import { scaled } from '../support/timeouts.ts';

// Issue 35 item 4: a completed order's receipt downloads as a PDF, from the order's page and from
// /account. The buyer is a fresh account; product 1 of the demo seed is 'Credits' (card, €0.01 a
// credit), paid on the sandbox checkout (decision 0028).

async function downloadReceipt(page: Page, orderId: number) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download the receipt of order ${orderId} (PDF)` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`order-receipt-${orderId}.pdf`);
  return pdfText(download);
}

test("a completed order's receipt downloads as a PDF with the order's amount", async ({
  signedInAccount,
}) => {
  // A sign-in, a checkout and two downloads: past the default 30 s on a loaded machine.
  test.setTimeout(scaled(60_000));
  const { page } = await signedInAccount({}, {}, '/products/credits');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Credits', exact: true }) });
  await card.getByRole('button', { name: 'Buy Credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Credits' });
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('1500');
  await dialog.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('dialog', { name: 'Continue to payment' }).getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Pay €15.00' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Completed');
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());

  const text = await downloadReceipt(page, orderId);
  expect(text).toContain(`Order #${orderId}`);
  expect(text).toContain('€15.00');
  expect(text).toContain('1,500 credits');

  await page.goto('/account');
  expect(await downloadReceipt(page, orderId)).toContain('€15.00');
});
