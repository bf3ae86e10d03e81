import type { PaymentProcessor } from '@ember/contracts/enums';

/** How an order is paid, in words (spec §3 paymentProcessor). */
export const PAYMENT_PROCESSOR_LABEL: Record<PaymentProcessor, string> = {
  STRIPE: 'Card (Stripe)',
  CRYPTO: 'Crypto (BTCPay)',
  GP: 'GP trade',
};
