import { randomBytes } from 'node:crypto';
import { SANDBOX_CHECKOUT_PATH } from '@ember/contracts/commerce';
import Stripe from 'stripe';
import { z } from 'zod';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentGatewayClient,
  type PaymentOutcome,
  type ProcessorEvent,
  WebhookSignatureInvalid,
} from './payment-gateway.ts';
import { stripeSignedEvent } from './stripe-signed-event.ts';

/** What the sandbox checkout page's buttons send: paid, cancelled, or (for tests) disputed or refunded. */
export const SANDBOX_EVENT_TYPES = [
  'sandbox.payment.succeeded',
  'sandbox.payment.cancelled',
  'sandbox.payment.disputed',
  'sandbox.payment.refunded',
] as const;
export type SandboxEventType = (typeof SANDBOX_EVENT_TYPES)[number];

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

const sandboxEvent = z.object({
  id: z.string().min(1),
  type: z.enum(SANDBOX_EVENT_TYPES),
  data: z.object({ paymentId: z.string().min(1) }),
});

/**
 * The local stand-in for a card or crypto processor (development and tests, refused in
 * production): its checkout is a page of this server, and its webhooks are signed with Stripe's
 * scheme (timestamped HMAC-SHA256) and verified by the Stripe SDK, then fulfilled by the same code
 * as every other processor's.
 */
export function createSandboxGateway(config: {
  publicUrl: string;
  webhookSecret: string;
  clock: () => Date;
  /** The attempt's state as the database holds it (the sandbox has no other memory). */
  findOutcome: (providerId: string) => Promise<PaymentOutcome>;
}): PaymentGatewayClient & {
  signedEvent(type: SandboxEventType, paymentId: string): { body: string; signature: string };
} {
  return {
    gateway: 'sandbox',

    async createCheckout(_request: CheckoutRequest): Promise<Checkout> {
      const providerId = `sbx_${randomBytes(12).toString('hex')}`;
      return {
        providerId,
        checkoutUrl: `${config.publicUrl}${SANDBOX_CHECKOUT_PATH.replace(':paymentId', providerId)}`,
      };
    },

    async lookup(providerId: string) {
      return { outcome: await config.findOutcome(providerId) };
    },

    /** Its page refuses an attempt whose row is no longer open, so closing it is the row's own expiry. */
    async expireCheckout(providerId: string) {
      const outcome = await config.findOutcome(providerId);
      return { outcome: outcome === 'open' ? 'expired' : outcome };
    },

    signedEvent(type, paymentId) {
      const body = JSON.stringify({
        id: `sbxevt_${randomBytes(12).toString('hex')}`,
        type,
        created: Math.floor(config.clock().getTime() / 1000),
        data: { paymentId },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: config.webhookSecret,
        timestamp: Math.floor(config.clock().getTime() / 1000),
      });
      return { body, signature };
    },

    readWebhook(rawBody, headers): ProcessorEvent {
      const verified = stripeSignedEvent(rawBody, headers, {
        header: SANDBOX_SIGNATURE_HEADER,
        headerName: 'Sandbox-Signature',
        secret: config.webhookSecret,
        now: config.clock(),
      });
      const event = sandboxEvent.safeParse(verified);
      if (!event.success) throw new WebhookSignatureInvalid('The body is not a sandbox event');
      const { id, type, data } = event.data;
      const base = {
        eventId: id,
        eventType: type,
        payload: event.data as unknown as Record<string, unknown>,
      };
      switch (type) {
        case 'sandbox.payment.succeeded':
          return { ...base, action: { kind: 'outcome', providerId: data.paymentId, outcome: 'paid' } };
        case 'sandbox.payment.cancelled':
          return { ...base, action: { kind: 'outcome', providerId: data.paymentId, outcome: 'cancelled' } };
        case 'sandbox.payment.disputed':
          return {
            ...base,
            action: {
              kind: 'reversal',
              providerId: data.paymentId,
              reason: 'Sandbox dispute',
              refund: false,
            },
          };
        case 'sandbox.payment.refunded':
          return {
            ...base,
            action: { kind: 'reversal', providerId: data.paymentId, reason: 'Sandbox refund', refund: true },
          };
      }
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
