import { STRIPE_MINIMUM_CENTS } from '@ember/contracts/commerce';
import Stripe from 'stripe';
import type { FetchLike } from '../../lib/safe-fetch.ts';
import type {
  AttemptState,
  Checkout,
  CheckoutRequest,
  PaymentGatewayClient,
  PaymentOutcome,
  ProcessorEvent,
} from '../payments/payment-gateway.ts';
import { stripeSignedEvent } from '../payments/stripe-signed-event.ts';

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

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** Inquiries (`warning_*`) and disputes the issuer prevented move no money: the order stays as it is. */
const REVERSING_DISPUTE_STATUSES = new Set<string>(['needs_response', 'under_review', 'lost']);

/** A session's state as the store reads it: only `payment_status: 'paid'` is paid (issue 24, item 5). */
export function sessionState(session: Stripe.Checkout.Session): AttemptState {
  const reference = idOf(session.payment_intent);
  const collected =
    session.amount_total === null
      ? undefined
      : { amount: session.amount_total, currency: session.currency?.toUpperCase() ?? '' };
  const state = (outcome: PaymentOutcome, attention?: string): AttemptState => ({
    outcome,
    ...(reference ? { reference } : {}),
    ...(collected ? { collected } : {}),
    ...(attention ? { attention } : {}),
  });
  if (session.status === 'expired') return state('expired');
  if (session.status !== 'complete') return state('open');
  if (session.payment_status === 'paid') return state('paid');
  if (session.payment_status === 'unpaid') return state('processing');
  return state(
    'open',
    `Stripe completed checkout ${session.id} as ${session.payment_status}, without a payment.`,
  );
}

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

  return {
    gateway: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      if (request.amount < STRIPE_MINIMUM_CENTS) {
        throw new Error(
          `Stripe refuses amounts under ${STRIPE_MINIMUM_CENTS} cents (order ${request.orderId})`,
        );
      }
      // Every parameter is fixed per attempt (expires_at included): a retry under the same
      // idempotency key sends exactly what the first call sent, as Stripe requires.
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
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.attemptKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { providerId: session.id, checkoutUrl: session.url };
    },

    async lookup(providerId: string) {
      return sessionState(await stripe.checkout.sessions.retrieve(providerId));
    },

    async expireCheckout(providerId: string) {
      const session = await stripe.checkout.sessions.retrieve(providerId);
      if (session.status !== 'open') return sessionState(session);
      try {
        return sessionState(await stripe.checkout.sessions.expire(providerId));
      } catch (error) {
        // Completed meanwhile (Stripe refuses to expire a complete session): answer what it is now.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return sessionState(await stripe.checkout.sessions.retrieve(providerId));
        }
        throw error;
      }
    },

    async orderOfReference(reference: string) {
      const intent = await stripe.paymentIntents.retrieve(reference);
      const orderId = Number(intent.metadata?.orderId);
      return Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null;
    },

    readWebhook(rawBody, headers): ProcessorEvent {
      const event = stripeSignedEvent(rawBody, headers, {
        header: 'stripe-signature',
        headerName: 'Stripe-Signature',
        secret: config.webhookSecret,
        now: config.clock(),
      });
      const base = {
        eventId: event.id,
        eventType: event.type,
        payload: event as unknown as Record<string, unknown>,
      };
      const ignored = { ...base, action: { kind: 'ignored' as const } };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          return { ...base, action: { kind: 'outcome', providerId: session.id, ...sessionState(session) } };
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
        case 'charge.dispute.created':
        case 'charge.dispute.updated': {
          const dispute = event.data.object;
          if (!REVERSING_DISPUTE_STATUSES.has(dispute.status)) return ignored;
          return {
            ...base,
            action: {
              kind: 'reversal',
              reference: idOf(dispute.payment_intent),
              reason: `Stripe dispute ${dispute.id} (${dispute.reason})`,
              refund: false,
              amount: dispute.amount,
            },
          };
        }
        case 'charge.dispute.closed': {
          const dispute = event.data.object;
          const reference = idOf(dispute.payment_intent);
          if (dispute.status === 'won') {
            return {
              ...base,
              action: { kind: 'restore', reference, reason: `Stripe dispute ${dispute.id} won` },
            };
          }
          if (dispute.status !== 'lost') return ignored;
          return {
            ...base,
            action: {
              kind: 'reversal',
              reference,
              reason: `Stripe dispute ${dispute.id} lost (${dispute.reason})`,
              refund: false,
              amount: dispute.amount,
            },
          };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          const reference = idOf(charge.payment_intent);
          if (!charge.refunded) {
            return {
              ...base,
              action: {
                kind: 'attention',
                reference,
                reason: `Stripe refunded ${charge.amount_refunded} of ${charge.amount} ${charge.currency.toUpperCase()} cents of charge ${charge.id}: settle the order by hand.`,
              },
            };
          }
          return {
            ...base,
            action: { kind: 'reversal', reference, reason: 'Refunded through Stripe', refund: true },
          };
        }
        default:
          return ignored;
      }
    },
  };
}
