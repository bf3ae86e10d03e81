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

/** An attempt as the processor describes it now. */
export interface AttemptState {
  outcome: PaymentOutcome;
  /** The processor's id of the money (a Stripe payment intent), once there is one. */
  reference?: string;
  /** What the processor says the attempt is for: compared with the payment row before anything is fulfilled. */
  collected?: { amount: number; currency: string };
  /** Money moved in a way the store cannot settle alone (partly paid, over-paid, paid late): staff must look. */
  attention?: string;
}

/**
 * A processor event, verified and reduced to what the store acts on. A reversal, restore or
 * attention names the attempt by its providerId or by the reference of the money.
 */
export interface ProcessorEvent {
  eventId: string;
  eventType: string;
  action:
    | ({
        kind: 'outcome';
        providerId: string /** Re-fetch the attempt and act on that, not on the delivery. */;
        refetch?: boolean;
      } & AttemptState)
    | {
        kind: 'reversal';
        providerId?: string;
        reference?: string;
        reason: string;
        refund: boolean;
        /** Minor units taken back; absent = the whole payment. */
        amount?: number;
      }
    /** A dispute the store won: what the reversal took is given back. */
    | { kind: 'restore'; providerId?: string; reference?: string; reason: string }
    | { kind: 'attention'; providerId?: string; reference?: string; reason: string }
    | { kind: 'ignored' };
  payload: Record<string, unknown>;
}

/** A signature that does not verify (forged, tampered, or too old); answered 400 and nothing changes. */
export class WebhookSignatureInvalid extends Error {}

/** One payment processor implementation: Stripe, BTCPay Server, or the local sandbox. */
export interface PaymentGatewayClient {
  gateway: PaymentGateway;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Asks the processor for the attempt's state now (the return page's check, BTCPay webhooks). */
  lookup(providerId: string): Promise<AttemptState>;
  /**
   * Closes the attempt at the processor so it can no longer be paid (the order expired). Answers
   * the state after: `expired`, or what it was when it could no longer be closed (paid, processing).
   */
  expireCheckout(providerId: string): Promise<AttemptState>;
  /** The order a processor's money reference belongs to, asked of the processor (e.g. PaymentIntent metadata). */
  orderOfReference?(reference: string): Promise<number | null>;
  /** Verifies a webhook delivery on its raw body and reads it; throws WebhookSignatureInvalid. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProcessorEvent;
}

export const headerValue = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
