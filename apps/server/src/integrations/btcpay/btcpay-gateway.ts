import { formatEuroCents } from '@ember/contracts/format';
import { z } from 'zod';
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
import { isValidBtcpaySignature } from './btcpay-signature.ts';

export interface BtcpayGatewayConfig {
  url: string;
  storeId: string;
  apiKey: string;
  webhookSecret: string;
  fetch: FetchLike;
}

const invoiceResponse = z.object({
  id: z.string().min(1),
  checkoutLink: z.string().min(1),
  status: z.string(),
});

const webhookBody = z.object({
  deliveryId: z.string().min(1),
  originalDeliveryId: z.string().min(1).optional(),
  type: z.string().min(1),
  invoiceId: z.string().min(1).optional(),
  storeId: z.string().optional(),
});

/** Greenfield invoice statuses and webhook types, as the store reads them. */
const STATUS_OUTCOMES: Record<string, PaymentOutcome> = {
  New: 'open',
  Processing: 'processing',
  Settled: 'paid',
  Expired: 'expired',
  Invalid: 'failed',
};
const EVENT_OUTCOMES: Record<string, PaymentOutcome> = {
  InvoiceProcessing: 'processing',
  InvoiceSettled: 'paid',
  InvoiceExpired: 'expired',
  InvoiceInvalid: 'failed',
};

/** BTCPay Server Greenfield invoices over safe-fetch; webhooks verified by BTCPay-Sig. */
export function createBtcpayGateway(config: BtcpayGatewayConfig): PaymentGatewayClient {
  const base = config.url.replace(/\/$/, '');
  const invoicesUrl = `${base}/api/v1/stores/${encodeURIComponent(config.storeId)}/invoices`;
  const headers = { authorization: `token ${config.apiKey}`, 'content-type': 'application/json' };

  async function readInvoice(response: Response) {
    if (!response.ok) throw new Error(`BTCPay answered ${response.status} ${await response.text()}`);
    return invoiceResponse.parse(await response.json());
  }

  return {
    gateway: 'btcpay',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const minutes = Math.max(15, Math.ceil((request.expiresAt.getTime() - Date.now()) / 60_000));
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
          },
        }),
      });
      const invoice = await readInvoice(response);
      return { providerId: invoice.id, checkoutUrl: invoice.checkoutLink };
    },

    async lookup(providerId: string) {
      const response = await config.fetch(`${invoicesUrl}/${encodeURIComponent(providerId)}`, { headers });
      const invoice = await readInvoice(response);
      return { outcome: STATUS_OUTCOMES[invoice.status] ?? 'open' };
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
      const outcome = EVENT_OUTCOMES[type];
      if (!outcome || !invoiceId) return { ...base, action: { kind: 'ignored' } };
      return { ...base, action: { kind: 'outcome', providerId: invoiceId, outcome } };
    },
  };
}
