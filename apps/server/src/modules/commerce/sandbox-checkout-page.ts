import { formatAmount, formatCredits } from '@ember/contracts/format';
import type { Order } from '@ember/db/schema/commerce';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `
  :root { color-scheme: light; }
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; padding: 16px; min-height: 100vh; display: grid; place-items: center; background: #f6f9fc;
    font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1f36; }
  main { width: min(420px, 100%); background: #fff; border-radius: 12px; padding: 28px;
    box-shadow: 0 8px 32px rgb(50 50 93 / 0.12); }
  .badge { display: inline-block; font-size: 12px; font-weight: 600; color: #8a4b00; background: #ffefc2;
    border-radius: 4px; padding: 2px 8px; margin-bottom: 12px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p { margin: 0 0 16px; color: #4f566b; }
  .total { font-size: 28px; font-weight: 700; margin: 8px 0 20px; color: #1a1f36; }
  .label { display: block; font-size: 13px; font-weight: 600; color: #4f566b; }
  form { margin: 0 0 10px; }
  button { width: 100%; padding: 12px; border: 0; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; }
  .pay { background: #635bff; color: #fff; }
  .pay:hover, .pay:focus-visible { background: #4b45c6; outline: 2px solid #1a1f36; outline-offset: 2px; }
  .cancel { background: #e3e8ee; color: #1a1f36; }
  .cancel:hover, .cancel:focus-visible { background: #cfd7df; outline: 2px solid #1a1f36; outline-offset: 2px; }
`;

/** The sandbox processor's checkout page: what is paid for, and Pay or Cancel (development only). */
export function renderSandboxCheckoutPage(input: {
  order: Order;
  paymentId: string;
  payable: boolean;
  brandName: string;
}): string {
  const { order } = input;
  const total = formatAmount(order.total, order.currency);
  const action = (what: string) => `/sandbox-checkout/${encodeURIComponent(input.paymentId)}/${what}`;
  const buttons = input.payable
    ? `<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay ${escapeHtml(total)}</button></form>
       <form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Cancel</button></form>`
    : `<p>This checkout is closed.</p><form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Back to the store</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout · ${escapeHtml(input.brandName)}</title><style>${STYLE}</style></head>
<body><main>
  <span class="badge">Sandbox: no real money moves</span>
  <h1>${escapeHtml(input.brandName)}</h1>
  <p>Order #${order.id}: ${escapeHtml(order.productName)} × ${formatCredits(order.amount)}</p>
  <p class="total"><span class="label">Total</span> ${escapeHtml(total)}</p>
  ${buttons}
</main></body></html>`;
}
