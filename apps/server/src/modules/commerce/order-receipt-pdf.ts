import type { OrderFullResponse } from '@ember/contracts/commerce';
import type { ProductKind } from '@ember/contracts/enums';
import { formatAmount, formatCredits } from '@ember/contracts/format';
import { type ReceiptBrand, receiptDate, receiptDocument } from '../../lib/pdf/receipt-document.ts';

/** Who sells, as the receipt names them: the brand and the studio behind it (env BRAND_STUDIO_*). */
export interface ReceiptSeller {
  brand: ReceiptBrand;
  studioName: string;
  studioUrl: string;
  publicUrl: string;
}

const PAYMENT_METHODS: Record<OrderFullResponse['paymentProcessor'], string> = {
  STRIPE: 'Card, through Stripe',
  CRYPTO: 'Cryptocurrency, through BTCPay Server',
  GP: 'In-game GP trade, completed by the store’s payments staff',
};

const units = (kind: ProductKind, count: number) => {
  const n = formatCredits(count);
  if (kind === 'CREDITS') return `${n} ${count === 1 ? 'credit' : 'credits'}`;
  if (kind === 'VIP') return `${n} ${count === 1 ? 'day' : 'days'} of VIP`;
  return `${n} GP`;
};

/** The payment that settled the order: the paid one, else the latest attempt. */
function settlingPayment(order: OrderFullResponse) {
  return order.payments.find((payment) => payment.status === 'paid') ?? order.payments.at(-1) ?? null;
}

/**
 * A completed order's receipt (issue 35, decision 0054): the seller, the buyer, what was bought, the
 * amount paid and what it delivered (credits, VIP days or GP), the payment method and the
 * processor's reference. Not a tax invoice (the decision says what one would need).
 */
export function orderReceiptPdf(
  order: OrderFullResponse,
  { seller, issuedAt }: { seller: ReceiptSeller; issuedAt: Date },
): Promise<Buffer> {
  const { brand } = seller;
  const kind = order.product.kind;
  const receipt = receiptDocument({
    brand,
    title: 'Receipt',
    subtitle: `Order #${order.id} · issued ${receiptDate(issuedAt.toISOString())}`,
    info: {
      Title: `${brand.name} receipt for order #${order.id}`,
      Subject: `Order #${order.id}: ${order.productName}`,
    },
  });

  receipt.amount(
    formatAmount(order.totalPrice, order.currency),
    `paid for ${units(kind, order.deliveredUnits)} (${order.productName})`,
  );

  receipt.section('Sold by');
  receipt.row('Store', brand.name);
  receipt.row('Operated by', seller.studioName, seller.studioUrl);
  receipt.row('Website', seller.publicUrl, seller.publicUrl);

  receipt.section('Buyer');
  receipt.row('Display name', order.buyer.displayName);
  receipt.row('Username', order.buyer.username);
  receipt.row('Discord ID', order.buyer.discordId);

  receipt.section('Order');
  receipt.row('Order', `#${order.id}`);
  receipt.row('Product', order.productName);
  receipt.row(
    'Quantity',
    `${formatCredits(order.amount)} × ${formatAmount(order.unitPrice, order.currency)}`,
  );
  if (order.discountPercent > 0) receipt.row('Discount', `${order.discountPercent}%`);
  if (order.bonusAmount > 0) receipt.row('Bonus', `${formatCredits(order.bonusAmount)} free`);
  receipt.row('Delivered', units(kind, order.deliveredUnits));
  receipt.row('Total paid', formatAmount(order.totalPrice, order.currency));
  receipt.row('Ordered', receiptDate(order.creationDate));
  receipt.row('Completed', order.completedDate ? receiptDate(order.completedDate) : '—');
  if (order.orderStatus !== 'completed') receipt.row('Status now', order.orderStatus.replaceAll('_', ' '));

  receipt.section('Payment');
  const payment = settlingPayment(order);
  const sandbox = payment?.gateway === 'sandbox' ? ' (sandbox: a test payment, no money moved)' : '';
  receipt.row('Method', `${PAYMENT_METHODS[order.paymentProcessor]}${sandbox}`);
  receipt.row(
    'Processor reference',
    payment?.providerId ?? (order.completedBy ? `Completed by ${order.completedBy.username}` : '—'),
  );

  receipt.footnote(
    `A receipt of payment from ${brand.name}, not a tax invoice. Amounts are in the currency the order was paid in${
      order.currency === 'EUR' ? ' (euros)' : ''
    }. Keep it with your payment statement.`,
  );
  return receipt.finish();
}
