import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';

// A local HTTP stand-in for the parts of Stripe's API the store calls (Checkout Sessions), speaking
// its wire format: form-encoded requests with bracketed keys, Bearer secret-key auth, Idempotency-Key,
// JSON objects shaped like Stripe's, and webhook events signed with Stripe's scheme. Tests only.

export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_fakeStripeKey123',
  webhookSecret: 'whsec_fakeStripeSecret',
} as const;

type Json = Record<string, unknown>;

/** `a[b][0][c]=v` pairs into nested objects and arrays, as Stripe reads them. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const pair of body.split('&').filter(Boolean)) {
    const [rawKey = '', rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.replace(/\]/g, '').split('[');
    let node: Json | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Json;
      }
    });
  }
  return root;
}

export interface FakeStripe {
  origin: string;
  env: Record<string, string>;
  /** Every create call as Stripe received it (params and idempotency key). */
  created: { params: Json; idempotencyKey: string | undefined }[];
  sessions: Map<string, Json>;
  /** Marks a session paid (as Stripe does when the buyer pays) and returns its payment intent id. */
  pay(sessionId: string, options?: { paymentStatus?: 'paid' | 'unpaid' }): string;
  expire(sessionId: string): void;
  /** An Event object like Stripe's, wrapping `object`. */
  event(type: string, object: Json): Json;
  /** The Stripe-Signature header for a payload, signed now (or at `timestamp`, seconds) with `secret`. */
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
  charge(paymentIntent: string, amount: number, refunded: boolean): Json;
  dispute(paymentIntent: string, amount: number): Json;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const server: FastifyInstance = Fastify();
  const sessions = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, Json>();
  const created: FakeStripe['created'] = [];

  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, parseStripeForm(String(body))),
  );
  server.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEYS.secretKey}`) {
      return reply.code(401).send({
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
  });

  server.post('/v1/checkout/sessions', async (request, reply) => {
    const params = (request.body ?? {}) as Json;
    const key = request.headers['idempotency-key'] as string | undefined;
    created.push({ params, idempotencyKey: key });
    const replay = key ? byIdempotencyKey.get(key) : undefined;
    if (replay) return reply.header('idempotent-replayed', 'true').send(replay);
    const lineItems = (params.line_items ?? []) as {
      quantity: string;
      price_data: { unit_amount: string };
    }[];
    const amount = lineItems.reduce(
      (sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity),
      0,
    );
    const sessionId = id('cs_test');
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: Math.floor(Date.now() / 1000),
      currency: 'eur',
      customer: null,
      expires_at: Number(params.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
      livemode: false,
      metadata: params.metadata ?? {},
      mode: params.mode ?? 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    if (key) byIdempotencyKey.set(key, session);
    return reply.send(session);
  });

  server.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session) {
      return reply.code(404).send({
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such checkout.session: '${request.params.id}'`,
        },
      });
    }
    return session;
  });

  const origin = await server.listen({ host: '127.0.0.1', port: 0 });
  const sessionOf = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
    return session;
  };

  return {
    origin,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
      STRIPE_API_BASE: origin,
    },
    created,
    sessions,
    pay(sessionId, options = {}) {
      const session = sessionOf(sessionId);
      const paymentIntent = (session.payment_intent as string | null) ?? id('pi');
      Object.assign(session, {
        status: 'complete',
        payment_status: options.paymentStatus ?? 'paid',
        payment_intent: paymentIntent,
      });
      return paymentIntent;
    },
    expire(sessionId) {
      Object.assign(sessionOf(sessionId), { status: 'expired' });
    },
    event(type, object) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...object } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    sign(payload, options = {}) {
      return Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? FAKE_STRIPE_KEYS.webhookSecret,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
    },
    charge(paymentIntent, amount, refunded) {
      return {
        id: id('ch'),
        object: 'charge',
        amount,
        amount_refunded: refunded ? amount : Math.floor(amount / 2),
        currency: 'eur',
        livemode: false,
        paid: true,
        payment_intent: paymentIntent,
        refunded,
        status: 'succeeded',
      };
    },
    dispute(paymentIntent, amount) {
      return {
        id: id('dp'),
        object: 'dispute',
        amount,
        charge: id('ch'),
        currency: 'eur',
        livemode: false,
        payment_intent: paymentIntent,
        reason: 'fraudulent',
        status: 'needs_response',
      };
    },
    close: () => server.close(),
  };
}
