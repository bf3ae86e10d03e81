import Stripe from 'stripe';
import type { FetchLike } from '../../lib/safe-fetch.ts';
import {
  type Checkout,
  type CheckoutRequest,
  headerValue,
  type PaymentGatewayClient,
  type PaymentOutcome,
  type ProcessorEvent,
  WebhookSignatureInvalid,
} from '../payments/payment-gateway.ts';

export interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret: string;
  /** The API's origin; unset = https://api.stripe.com. Tests point it at the local fake. */
  apiBase?: string;
  /** Outbound HTTP (safe-fetch restricted to the API's origin). */
  fetch: FetchLike;
  clock: () => Date;
}

export const STRIPE_API_ORIGIN = 'https://api.stripe.com';

/** Stripe requires a Checkout Session to stay open at least 30 minutes and at most 24 hours. */
const MIN_SESSION_MS = 30 * 60_000 + 60_000;
const MAX_SESSION_MS = 24 * 3_600_000 - 60_000;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** Stripe Checkout Sessions through the official SDK; webhooks verified with its constructEvent. */
export function createStripeGateway(config: StripeGatewayConfig): PaymentGatewayClient {
  const base = new URL(config.apiBase ?? STRIPE_API_ORIGIN);
  const stripe = new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    httpClient: Stripe.createFetchHttpClient(config.fetch as typeof fetch),
    maxNetworkRetries: 2,
    telemetry: false,
  });

  function sessionOutcome(session: Stripe.Checkout.Session): PaymentOutcome {
    if (session.status === 'expired') return 'expired';
    if (session.status === 'complete') {
      return session.payment_status === 'unpaid' ? 'processing' : 'paid';
    }
    return 'open';
  }

  return {
    gateway: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const now = config.clock().getTime();
      const expiresAt = Math.min(
        Math.max(request.expiresAt.getTime(), now + MIN_SESSION_MS),
        now + MAX_SESSION_MS,
      );
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(request.orderId),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          metadata: { orderId: String(request.orderId), buyerId: String(request.buyerId) },
          payment_intent_data: { metadata: { orderId: String(request.orderId) } },
          success_url: `${request.returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${request.returnUrl}?cancelled=1`,
          expires_at: Math.floor(expiresAt / 1000),
        },
        { idempotencyKey: request.attemptKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { providerId: session.id, checkoutUrl: session.url };
    },

    async lookup(providerId: string) {
      const session = await stripe.checkout.sessions.retrieve(providerId);
      return { outcome: sessionOutcome(session), reference: idOf(session.payment_intent) };
    },

    readWebhook(rawBody, headers): ProcessorEvent {
      const signature = headerValue(headers, 'stripe-signature');
      if (!signature) throw new WebhookSignatureInvalid('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          undefined,
          undefined,
          config.clock().getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureInvalid((error as Error).message.split('\n')[0] ?? 'Invalid signature');
      }
      const base = {
        eventId: event.id,
        eventType: event.type,
        payload: event as unknown as Record<string, unknown>,
      };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          const outcome = event.type === 'checkout.session.completed' ? sessionOutcome(session) : 'paid';
          return {
            ...base,
            action: {
              kind: 'outcome',
              providerId: session.id,
              outcome,
              reference: idOf(session.payment_intent),
            },
          };
        }
        case 'checkout.session.async_payment_failed':
          return {
            ...base,
            action: { kind: 'outcome', providerId: event.data.object.id, outcome: 'failed' },
          };
        case 'checkout.session.expired':
          return {
            ...base,
            action: { kind: 'outcome', providerId: event.data.object.id, outcome: 'expired' },
          };
        case 'charge.dispute.created': {
          const dispute = event.data.object;
          return {
            ...base,
            action: {
              kind: 'reversal',
              reference: idOf(dispute.payment_intent),
              reason: `Stripe dispute (${dispute.reason})`,
              refund: false,
            },
          };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          // A partial refund leaves the order with the buyer; staff settle it by hand.
          if (!charge.refunded) return { ...base, action: { kind: 'ignored' } };
          return {
            ...base,
            action: {
              kind: 'reversal',
              reference: idOf(charge.payment_intent),
              reason: 'Refunded through Stripe',
              refund: true,
            },
          };
        }
        default:
          return { ...base, action: { kind: 'ignored' } };
      }
    },
  };
}
