import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { btcpaySignature } from '../src/integrations/btcpay/btcpay-signature.ts';

// A local HTTP stand-in for BTCPay Server's Greenfield invoice API on its documented,
// store-scoped paths (token auth, invoices with a checkoutLink, status and additionalStatus,
// marking an invoice invalid) and its webhook deliveries signed with BTCPay-Sig. Like BTCPay it
// refuses fields it does not know (CreateInvoiceRequest) and answers 404 for another store's
// invoice. Tests only.

export const FAKE_BTCPAY = {
  storeId: 'FakeStore1',
  apiKey: 'fake-greenfield-api-key',
  webhookSecret: 'fake-btcpay-webhook-secret',
} as const;

type Json = Record<string, unknown>;

/** Greenfield CreateInvoiceRequest and its InvoiceCheckoutOptions. */
const INVOICE_FIELDS = new Set([
  'amount',
  'currency',
  'metadata',
  'checkout',
  'receipt',
  'additionalSearchTerms',
  'type',
]);
const CHECKOUT_FIELDS = new Set([
  'speedPolicy',
  'paymentMethods',
  'defaultPaymentMethod',
  'lazyPaymentMethods',
  'expirationMinutes',
  'monitoringMinutes',
  'paymentTolerance',
  'redirectURL',
  'redirectAutomatically',
  'requiresRefundEmail',
  'checkoutType',
  'defaultLanguage',
]);

function unknownField(body: Json): string | null {
  const top = Object.keys(body).find((key) => !INVOICE_FIELDS.has(key));
  if (top) return top;
  const checkout = (body.checkout ?? {}) as Json;
  const nested = Object.keys(checkout).find((key) => !CHECKOUT_FIELDS.has(key));
  return nested ? `checkout.${nested}` : null;
}

type Status = 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid';
type AdditionalStatus = 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';

export interface FakeBtcpay {
  origin: string;
  env: Record<string, string>;
  invoices: Map<string, Json>;
  /** Every create call's body as BTCPay received it. */
  created: Json[];
  setStatus(invoiceId: string, status: Status, additionalStatus?: AdditionalStatus): void;
  /** A webhook delivery like BTCPay's for the invoice; a redelivery keeps the original's id. */
  delivery(type: string, invoiceId: string, options?: { redeliveryOf?: string }): Json;
  sign(body: string, secret?: string): string;
  close(): Promise<void>;
}

export async function startFakeBtcpay(options: { clock?: () => Date } = {}): Promise<FakeBtcpay> {
  const now = () => Math.floor((options.clock?.() ?? new Date()).getTime() / 1000);
  const server: FastifyInstance = Fastify();
  const invoices = new Map<string, Json>();
  const created: Json[] = [];
  const ofThisStore = (storeId: string, invoiceId: string) => {
    const invoice = invoices.get(invoiceId);
    return invoice && storeId === FAKE_BTCPAY.storeId && invoice.storeId === storeId ? invoice : null;
  };
  const notFound = { code: 'invoice-not-found', message: 'The invoice was not found' };
  server.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `token ${FAKE_BTCPAY.apiKey}`) {
      return reply
        .code(401)
        .send({ code: 'unauthenticated', message: 'Authentication is required for accessing this endpoint' });
    }
  });

  server.post<{ Params: { storeId: string }; Body: Json }>(
    '/api/v1/stores/:storeId/invoices',
    async (request, reply) => {
      if (request.params.storeId !== FAKE_BTCPAY.storeId)
        return reply.code(404).send({ code: 'store-not-found' });
      const body = request.body;
      created.push(body);
      const unknown = unknownField(body);
      if (unknown) return reply.code(400).send([{ path: unknown, message: `Unknown field ${unknown}` }]);
      const invoiceId = randomBytes(11).toString('base64url');
      const minutes = Number((body.checkout as Json | undefined)?.expirationMinutes ?? 15);
      const invoice: Json = {
        id: invoiceId,
        storeId: FAKE_BTCPAY.storeId,
        amount: String(body.amount),
        currency: body.currency,
        type: 'Standard',
        checkoutLink: `${origin}/i/${invoiceId}`,
        status: 'New',
        additionalStatus: 'None',
        createdTime: now(),
        expirationTime: now() + minutes * 60,
        metadata: body.metadata ?? {},
        checkout: body.checkout ?? {},
      };
      invoices.set(invoiceId, invoice);
      return invoice;
    },
  );

  server.get<{ Params: { storeId: string; invoiceId: string } }>(
    '/api/v1/stores/:storeId/invoices/:invoiceId',
    async (request, reply) =>
      ofThisStore(request.params.storeId, request.params.invoiceId) ?? reply.code(404).send(notFound),
  );

  server.post<{ Params: { storeId: string; invoiceId: string }; Body: Json }>(
    '/api/v1/stores/:storeId/invoices/:invoiceId/status',
    async (request, reply) => {
      const invoice = ofThisStore(request.params.storeId, request.params.invoiceId);
      if (!invoice) return reply.code(404).send(notFound);
      const status = request.body?.status;
      const markable =
        status === 'Invalid'
          ? ['New', 'Processing', 'Expired'].includes(String(invoice.status))
          : status === 'Settled' && invoice.status !== 'Settled';
      if (!markable) {
        return reply.code(422).send([
          {
            path: 'status',
            message: 'Status can only be marked to invalid or settled within certain conditions.',
          },
        ]);
      }
      Object.assign(invoice, { status, additionalStatus: 'Marked' });
      return invoice;
    },
  );

  const origin = await server.listen({ host: '127.0.0.1', port: 0 });

  return {
    origin,
    env: {
      BTCPAY_URL: origin,
      BTCPAY_STORE_ID: FAKE_BTCPAY.storeId,
      BTCPAY_API_KEY: FAKE_BTCPAY.apiKey,
      BTCPAY_WEBHOOK_SECRET: FAKE_BTCPAY.webhookSecret,
    },
    invoices,
    created,
    setStatus(invoiceId, status, additionalStatus = 'None') {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`fake BTCPay has no invoice ${invoiceId}`);
      Object.assign(invoice, { status, additionalStatus });
    },
    delivery(type, invoiceId, options = {}) {
      const invoice = invoices.get(invoiceId);
      const deliveryId = randomBytes(11).toString('base64url');
      return {
        deliveryId,
        webhookId: 'FakeWebhook1',
        originalDeliveryId: options.redeliveryOf ?? deliveryId,
        isRedelivery: options.redeliveryOf !== undefined,
        type,
        timestamp: now(),
        storeId: FAKE_BTCPAY.storeId,
        invoiceId,
        metadata: invoice?.metadata ?? {},
        ...(type === 'InvoiceSettled'
          ? { manuallyMarked: false, overPaid: invoice?.additionalStatus === 'PaidOver' }
          : {}),
        ...(type === 'InvoiceExpired' ? { partiallyPaid: invoice?.additionalStatus === 'PaidPartial' } : {}),
        ...(type === 'InvoicePaymentSettled' || type === 'InvoiceReceivedPayment'
          ? { afterExpiration: invoice?.additionalStatus === 'PaidLate' }
          : {}),
      };
    },
    sign: (body, secret = FAKE_BTCPAY.webhookSecret) => btcpaySignature(body, secret),
    close: () => server.close(),
  };
}
