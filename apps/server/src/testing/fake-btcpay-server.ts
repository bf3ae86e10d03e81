import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { btcpaySignature } from '../integrations/btcpay/btcpay-signature.ts';

// A local HTTP stand-in for BTCPay Server's Greenfield invoice API (token auth, invoices with a
// checkoutLink and status) and its webhook deliveries signed with BTCPay-Sig. Tests only.

export const FAKE_BTCPAY = {
  storeId: 'FakeStore1',
  apiKey: 'fake-greenfield-api-key',
  webhookSecret: 'fake-btcpay-webhook-secret',
} as const;

type Json = Record<string, unknown>;

export interface FakeBtcpay {
  origin: string;
  env: Record<string, string>;
  invoices: Map<string, Json>;
  setStatus(invoiceId: string, status: 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid'): void;
  /** A webhook delivery like BTCPay's for the invoice; a redelivery keeps the original's id. */
  delivery(type: string, invoiceId: string, options?: { redeliveryOf?: string }): Json;
  sign(body: string, secret?: string): string;
  close(): Promise<void>;
}

export async function startFakeBtcpay(): Promise<FakeBtcpay> {
  const server: FastifyInstance = Fastify();
  const invoices = new Map<string, Json>();
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
      const invoiceId = randomBytes(11).toString('base64url');
      const body = request.body;
      const invoice: Json = {
        id: invoiceId,
        storeId: FAKE_BTCPAY.storeId,
        amount: String(body.amount),
        currency: body.currency,
        type: 'Standard',
        checkoutLink: `${origin}/i/${invoiceId}`,
        status: 'New',
        additionalStatus: 'None',
        createdTime: Math.floor(Date.now() / 1000),
        expirationTime: Math.floor(Date.now() / 1000) + 900,
        metadata: body.metadata ?? {},
        checkout: body.checkout ?? {},
      };
      invoices.set(invoiceId, invoice);
      return invoice;
    },
  );

  server.get<{ Params: { storeId: string; invoiceId: string } }>(
    '/api/v1/stores/:storeId/invoices/:invoiceId',
    async (request, reply) => {
      const invoice = invoices.get(request.params.invoiceId);
      if (!invoice)
        return reply.code(404).send({ code: 'invoice-not-found', message: 'The invoice was not found' });
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
    setStatus(invoiceId, status) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`fake BTCPay has no invoice ${invoiceId}`);
      invoice.status = status;
    },
    delivery(type, invoiceId, options = {}) {
      const deliveryId = randomBytes(11).toString('base64url');
      return {
        deliveryId,
        webhookId: 'FakeWebhook1',
        originalDeliveryId: options.redeliveryOf ?? deliveryId,
        isRedelivery: options.redeliveryOf !== undefined,
        type,
        timestamp: Math.floor(Date.now() / 1000),
        storeId: FAKE_BTCPAY.storeId,
        invoiceId,
        metadata: invoices.get(invoiceId)?.metadata ?? {},
        ...(type === 'InvoiceSettled' ? { manuallyMarked: false, overPaid: false } : {}),
        ...(type === 'InvoiceExpired' ? { partiallyPaid: false } : {}),
      };
    },
    sign: (body, secret = FAKE_BTCPAY.webhookSecret) => btcpaySignature(body, secret),
    close: () => server.close(),
  };
}
