/** What takes card payments (STRIPE products) and crypto payments (CRYPTO products); null: nothing, the products are not offered. */
export interface PaymentProcessorChoice {
  card: 'stripe' | 'sandbox' | null;
  crypto: 'btcpay' | 'sandbox' | null;
}

interface ProcessorSettings {
  PAYMENTS_SANDBOX: boolean;
  PAYMENT_PROCESSOR_STRIPE?: 'stripe' | 'sandbox' | undefined;
  PAYMENT_PROCESSOR_CRYPTO?: 'btcpay' | 'sandbox' | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  BTCPAY_URL?: string | undefined;
}

/**
 * The processor of each payment method (decision 0028): the one forced by PAYMENT_PROCESSOR_*, else
 * the real one when its keys are set, else the sandbox when PAYMENTS_SANDBOX is on, else none. The
 * sandbox pays for nothing, so it is never a silent fallback for a missing key.
 */
export function choosePaymentProcessors(env: ProcessorSettings): PaymentProcessorChoice {
  const sandbox = env.PAYMENTS_SANDBOX ? 'sandbox' : null;
  return {
    card: env.PAYMENT_PROCESSOR_STRIPE ?? (env.STRIPE_SECRET_KEY ? 'stripe' : sandbox),
    crypto: env.PAYMENT_PROCESSOR_CRYPTO ?? (env.BTCPAY_URL ? 'btcpay' : sandbox),
  };
}

/** The boot message for payment methods nobody takes, or null when both are taken. */
export function unofferedPaymentsMessage(choice: PaymentProcessorChoice): string | null {
  const missing = [
    choice.card ? null : 'card payments (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)',
    choice.crypto
      ? null
      : 'crypto payments (set BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY and BTCPAY_WEBHOOK_SECRET)',
  ].filter((part) => part !== null);
  if (missing.length === 0) return null;
  return `No processor for ${missing.join(' nor ')}: those products are not offered. PAYMENTS_SANDBOX=true offers them through the local sandbox checkout on a loopback HOST outside production.`;
}
