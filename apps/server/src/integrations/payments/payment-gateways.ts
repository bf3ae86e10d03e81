import { createHmac } from 'node:crypto';
import type { PaymentGateway, PaymentProcessor } from '@ember/contracts/enums';
import type { Env } from '../../config/env.ts';
import { choosePaymentProcessors } from '../../config/payment-processors.ts';
import { createSafeFetch, type FetchLike } from '../../lib/safe-fetch.ts';
import { createBtcpayGateway } from '../btcpay/btcpay-gateway.ts';
import { createStripeGateway, STRIPE_API_ORIGIN } from '../stripe/stripe-gateway.ts';
import type { PaymentGatewayClient, PaymentOutcome } from './payment-gateway.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.ts';

export interface PaymentGateways {
  /** The implementation that takes payments for a processor; GP has none (a manual trade). */
  forProcessor(processor: PaymentProcessor): PaymentGatewayClient | null;
  /** The implementation that ran an attempt (for webhooks and the return-page check). */
  byName(gateway: PaymentGateway): PaymentGatewayClient | null;
  sandbox: SandboxGateway | null;
}

/**
 * The configured processors (env.ts has already refused incomplete or, in production, sandbox
 * setups); a method with no processor has none here, and its products are not offered (decision 0028).
 */
export function resolvePaymentGateways(
  env: Env & { JWT_SECRET: string },
  deps: {
    clock: () => Date;
    fetch?: FetchLike;
    findSandboxOutcome: (providerId: string) => Promise<PaymentOutcome>;
  },
): PaymentGateways {
  const { card: stripeChoice, crypto: cryptoChoice } = choosePaymentProcessors(env);

  const stripe =
    stripeChoice === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeGateway({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiBase: env.STRIPE_API_BASE,
          fetch:
            deps.fetch ?? createSafeFetch([env.STRIPE_API_BASE ?? STRIPE_API_ORIGIN], { timeoutMs: 20_000 }),
          clock: deps.clock,
        })
      : null;
  const btcpay =
    cryptoChoice === 'btcpay' &&
    env.BTCPAY_URL &&
    env.BTCPAY_STORE_ID &&
    env.BTCPAY_API_KEY &&
    env.BTCPAY_WEBHOOK_SECRET
      ? createBtcpayGateway({
          url: env.BTCPAY_URL,
          storeId: env.BTCPAY_STORE_ID,
          apiKey: env.BTCPAY_API_KEY,
          webhookSecret: env.BTCPAY_WEBHOOK_SECRET,
          fetch: deps.fetch ?? createSafeFetch([env.BTCPAY_URL], { timeoutMs: 20_000 }),
          clock: deps.clock,
        })
      : null;
  const sandbox =
    stripeChoice === 'sandbox' || cryptoChoice === 'sandbox'
      ? createSandboxGateway({
          publicUrl: env.PUBLIC_URL,
          // Derived, so every process of one deployment verifies what another signed.
          webhookSecret: `whsec_${createHmac('sha256', env.JWT_SECRET).update('sandbox-webhooks').digest('base64url')}`,
          clock: deps.clock,
          findOutcome: deps.findSandboxOutcome,
        })
      : null;

  const byProcessor: Record<PaymentProcessor, PaymentGatewayClient | null> = {
    STRIPE: stripeChoice === 'stripe' ? stripe : stripeChoice === 'sandbox' ? sandbox : null,
    CRYPTO: cryptoChoice === 'btcpay' ? btcpay : cryptoChoice === 'sandbox' ? sandbox : null,
    GP: null,
  };
  const byName: Record<PaymentGateway, PaymentGatewayClient | null> = { stripe, btcpay, sandbox };
  return {
    forProcessor: (processor) => byProcessor[processor],
    byName: (gateway) => byName[gateway],
    sandbox,
  };
}
