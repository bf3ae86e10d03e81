import { STRIPE_MINIMUM_CENTS } from '@ember/contracts/commerce';
import type { PaymentProcessor } from '@ember/contracts/enums';
import type { PaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import type { Notify } from '../notifications/index.ts';
import { createAccountHoldsService } from './account-holds.service.ts';
import type { Db } from './db.ts';
import { createFulfilment } from './fulfilment.ts';
import { offerOnlyPayableProducts } from './offered-products.ts';
import type { ReceiptSeller } from './order-receipt-pdf.ts';
import { createOrderReceipts } from './order-receipts.ts';
import { createOrdersService } from './orders.service.ts';
import { createPaymentsService } from './payments.service.ts';
import { createProductsService } from './products.service.ts';

/**
 * The commerce module's services, built once by the composition root: products and orders (only
 * those a configured processor takes, decision 0028), payments and their fulfilment, account holds.
 */
export function createCommerceServices(deps: {
  db: Db;
  clock: () => Date;
  /** What fulfilment needs of the wallet: posting a journal. */
  wallet: Parameters<typeof createFulfilment>[0]['wallet'];
  gateways: PaymentGateways;
  publicUrl: string;
  orderExpiryMinutes: number;
  warn: (message: string, details?: object) => void;
  /** Who the order receipts name as the seller. */
  seller: ReceiptSeller;
  /** The notification centre's port: a GP trade completed. */
  notify?: Notify;
}) {
  const { db, clock, gateways } = deps;
  const fulfilment = createFulfilment({ wallet: deps.wallet });
  // Stripe refuses card payments under 50 cents: such orders are refused when placed (issue 24, item 10).
  const minimumTotal = (processor: PaymentProcessor) =>
    gateways.forProcessor(processor)?.gateway === 'stripe' ? STRIPE_MINIMUM_CENTS : 0;
  const { products, orders } = offerOnlyPayableProducts(
    {
      db,
      products: createProductsService({ db }),
      orders: createOrdersService({
        db,
        clock,
        fulfilment,
        minimumTotal,
        orderExpiryMinutes: deps.orderExpiryMinutes,
        notify: deps.notify,
      }),
    },
    (processor) => processor === 'GP' || gateways.forProcessor(processor) !== null,
  );
  const payments = createPaymentsService({
    db,
    clock,
    gateways,
    fulfilment,
    publicUrl: deps.publicUrl,
    orderExpiryMinutes: deps.orderExpiryMinutes,
    present: (orderId) => orders.getUnchecked(orderId),
    warn: deps.warn,
  });
  const receipts = createOrderReceipts({ orders, clock, seller: deps.seller });
  return { products, orders, payments, receipts, holds: createAccountHoldsService({ db }) };
}
