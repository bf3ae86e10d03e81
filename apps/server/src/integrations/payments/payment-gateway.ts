import type { PaymentGateway } from '@ember/contracts/enums';

/** What a checkout is opened for: one payment attempt of one order. */
export interface CheckoutRequest {
  orderId: number;
  /** Unique per attempt; sent to the processor as its idempotency key. */
  attemptKey: string;
  /** EUR cents. */
  amount: number;
  description: string;
  buyerId: number;
  /** Where the processor sends the buyer back (the web's checkout return page). */
  returnUrl: string;
  /** The attempt ends (and the order may expire) at this time. */
  expiresAt: Date;
}

export interface Checkout {
  providerId: string;
  checkoutUrl: string;
}

/** What a processor says about a payment attempt. */
export type PaymentOutcome = 'open' | 'processing' | 'paid' | 'failed' | 'cancelled' | 'expired';

/** A processor event, verified and reduced to what the store acts on. */
export interface ProcessorEvent {
  eventId: string;
  eventType: string;
  action:
    | { kind: 'outcome'; providerId: string; outcome: PaymentOutcome; reference?: string }
    /** A dispute or refund: names the attempt by its providerId or by the reference of the money. */
    | { kind: 'reversal'; providerId?: string; reference?: string; reason: string; refund: boolean }
    | { kind: 'ignored' };
  payload: Record<string, unknown>;
}

/** A signature that does not verify (forged, tampered, or too old); answered 400 and nothing changes. */
export class WebhookSignatureInvalid extends Error {}

/** One payment processor implementation: Stripe, BTCPay Server, or the local sandbox. */
export interface PaymentGatewayClient {
  gateway: PaymentGateway;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Asks the processor for the attempt's state now (the return page's check). */
  lookup(providerId: string): Promise<{ outcome: PaymentOutcome; reference?: string }>;
  /** Verifies a webhook delivery on its raw body and reads it; throws WebhookSignatureInvalid. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProcessorEvent;
}

export const headerValue = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
