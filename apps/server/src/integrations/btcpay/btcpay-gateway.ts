import { formatEuroCents } from '@ember/contracts/format';
import { z } from 'zod';
import type { FetchLike } from '../../lib/safe-fetch.ts';
import {
  type AttemptState,
  type Checkout,
  type CheckoutRequest,
  headerValue,
  type PaymentGatewayClient,
  type PaymentOutcome,
  type ProcessorEvent,
  WebhookSignatureInvalid,
} from '../payments/payment-gateway.ts';
import { isValidBtcpaySignature } from './btcpay-signature.ts';

export interface BtcpayGatewayConfig {
  url: string;
  storeId: string;
  apiKey: string;
  webhookSecret: string;
  fetch: FetchLike;
  clock: () => Date;
}

/** The fields of Greenfield's InvoiceData the store reads. */
const invoiceResponse = z.object({
  id: z.string().min(1),
  storeId: z.string(),
  checkoutLink: z.string().min(1),
  status: z.string(),
  additionalStatus: z.string().optional(),
  amount: z.string(),
  currency: z.string(),
});
type Invoice = z.infer<typeof invoiceResponse>;

const webhookBody = z.object({
  deliveryId: z.string().min(1),
  originalDeliveryId: z.string().min(1).optional(),
  type: z.string().min(1),
  invoiceId: z.string().min(1).optional(),
  storeId: z.string().optional(),
});

/** Greenfield invoice statuses, as the store reads them. */
const STATUS_OUTCOMES: Record<string, PaymentOutcome> = {
  New: 'open',
  Processing: 'processing',
  Settled: 'paid',
  Expired: 'expired',
  Invalid: 'failed',
};
/** Deliveries about an invoice's state; each is confirmed by re-fetching the invoice (issue 24, item 4). */
const INVOICE_EVENTS = new Set([
  'InvoiceReceivedPayment',
  'InvoicePaymentSettled',
  'InvoiceProcessing',
  'InvoiceSettled',
  'InvoiceExpired',
  'InvoiceInvalid',
]);
/**
 * Additional statuses that mean money arrived that the store cannot settle alone. A partial
 * payment counts once the invoice can no longer be topped up (expired or invalid).
 */
const ATTENTION: Record<string, { problem: string; once?: readonly string[] }> = {
  PaidPartial: { problem: 'was only partly paid', once: ['Expired', 'Invalid'] },
  PaidOver: { problem: 'was paid more than its amount' },
  PaidLate: { problem: 'was paid after it expired' },
};

/** "9.50" EUR → 950 cents; null for anything that is not a plain decimal of at most two places. */
export function decimalToCents(amount: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2})0*)?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** BTCPay Server Greenfield invoices over safe-fetch; webhooks verified by BTCPay-Sig. */
export function createBtcpayGateway(config: BtcpayGatewayConfig): PaymentGatewayClient {
  const base = config.url.replace(/\/$/, '');
  // The documented Greenfield paths, scoped to the configured store.
  const invoicesUrl = `${base}/api/v1/stores/${encodeURIComponent(config.storeId)}/invoices`;
  const invoiceUrl = (id: string) => `${invoicesUrl}/${encodeURIComponent(id)}`;
  const headers = { authorization: `token ${config.apiKey}`, 'content-type': 'application/json' };

  async function readInvoice(response: Response): Promise<Invoice> {
    if (!response.ok) throw new Error(`BTCPay answered ${response.status} ${await response.text()}`);
    return invoiceResponse.parse(await response.json());
  }

  /** The invoice as the store acts on it: another store's invoice is never paid here. */
  function stateOf(invoice: Invoice): AttemptState {
    if (invoice.storeId !== config.storeId) {
      return {
        outcome: 'open',
        attention: `BTCPay invoice ${invoice.id} belongs to store ${invoice.storeId}, not ${config.storeId}.`,
      };
    }
    const outcome = STATUS_OUTCOMES[invoice.status] ?? 'open';
    const cents = decimalToCents(invoice.amount);
    const flag = invoice.additionalStatus ? ATTENTION[invoice.additionalStatus] : undefined;
    const problem = flag && (!flag.once || flag.once.includes(invoice.status)) ? flag.problem : undefined;
    return {
      outcome,
      // An amount that is not a decimal number never equals the attempt's: the comparison refuses it.
      collected: { amount: cents ?? -1, currency: invoice.currency.toUpperCase() },
      ...(problem
        ? { attention: `BTCPay invoice ${invoice.id} ${problem}: refund or settle it by hand.` }
        : {}),
    };
  }

  async function fetchInvoice(providerId: string) {
    return readInvoice(await config.fetch(invoiceUrl(providerId), { headers }));
  }

  return {
    gateway: 'btcpay',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const minutes = Math.max(
        15,
        Math.ceil((request.expiresAt.getTime() - config.clock().getTime()) / 60_000),
      );
      const response = await config.fetch(invoicesUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          // Greenfield takes the amount as a decimal string in the currency's units.
          amount: formatEuroCents(request.amount).replace(/[€,]/g, ''),
          currency: 'EUR',
          metadata: {
            orderId: String(request.orderId),
            buyerId: String(request.buyerId),
            itemDesc: request.description,
            attemptKey: request.attemptKey,
          },
          checkout: {
            redirectURL: request.returnUrl,
            redirectAutomatically: true,
            expirationMinutes: minutes,
            // Stated, not inherited from the store's settings: settled only when confirmed, and
            // only when paid in full.
            speedPolicy: 'MediumSpeed',
            paymentTolerance: 0,
          },
        }),
      });
      const invoice = await readInvoice(response);
      return { providerId: invoice.id, checkoutUrl: invoice.checkoutLink };
    },

    async lookup(providerId: string) {
      return stateOf(await fetchInvoice(providerId));
    },

    async expireCheckout(providerId: string) {
      const invoice = await fetchInvoice(providerId);
      if (invoice.status !== 'New') return stateOf(invoice);
      const response = await config.fetch(`${invoiceUrl(providerId)}/status`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ status: 'Invalid' }),
      });
      // Refused when it changed meanwhile (a payment arrived): answer what it is now.
      if (!response.ok) return stateOf(await fetchInvoice(providerId));
      const marked = stateOf(await readInvoice(response));
      return marked.outcome === 'failed' ? { ...marked, outcome: 'expired' } : marked;
    },

    readWebhook(rawBody, requestHeaders): ProcessorEvent {
      if (!isValidBtcpaySignature(rawBody, headerValue(requestHeaders, 'btcpay-sig'), config.webhookSecret)) {
        throw new WebhookSignatureInvalid('BTCPay-Sig does not match the body');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureInvalid('The body is not JSON');
      }
      const body = webhookBody.safeParse(json);
      if (!body.success) throw new WebhookSignatureInvalid('The body is not a BTCPay webhook delivery');
      const { type, invoiceId } = body.data;
      const base = {
        // A redelivery carries the original's id: the event acts once however often it comes.
        eventId: body.data.originalDeliveryId ?? body.data.deliveryId,
        eventType: type,
        payload: json as Record<string, unknown>,
      };
      if (!INVOICE_EVENTS.has(type) || !invoiceId) return { ...base, action: { kind: 'ignored' } };
      // The delivery only says which invoice to look at: its state is re-fetched from BTCPay.
      return { ...base, action: { kind: 'outcome', providerId: invoiceId, outcome: 'open', refetch: true } };
    },
  };
}
