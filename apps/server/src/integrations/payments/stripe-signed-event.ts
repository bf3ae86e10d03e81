import Stripe from 'stripe';
import { headerValue, WebhookSignatureInvalid } from './payment-gateway.ts';

/** How a gateway's webhooks are signed the Stripe way: the header, its name in messages, the secret. */
interface StripeStyleSignature {
  header: string;
  headerName: string;
  secret: string;
  now: Date;
}

/**
 * The event of a webhook delivery signed as Stripe signs them (Stripe's own and the sandbox's),
 * checked on its raw body at the gateway's clock; a missing or wrong signature is
 * WebhookSignatureInvalid with the first line of the reason.
 */
export function stripeSignedEvent(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  { header, headerName, secret, now }: StripeStyleSignature,
): Stripe.Event {
  const signature = headerValue(headers, header);
  if (!signature) throw new WebhookSignatureInvalid(`Missing ${headerName} header`);
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret, undefined, undefined, now.getTime());
  } catch (error) {
    throw new WebhookSignatureInvalid((error as Error).message.split('\n')[0] ?? 'Invalid signature');
  }
}
