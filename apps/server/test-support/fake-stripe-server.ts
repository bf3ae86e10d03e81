import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import Stripe from 'stripe';
import { stripeCharge, stripeDispute, stripePaymentIntent, stripeSession } from './fake-stripe-objects.ts';

// A local HTTP stand-in for the parts of Stripe's API the store calls (Checkout Sessions and
// PaymentIntents), speaking its wire format: form-encoded requests with bracketed keys, Bearer
// secret-key auth, Idempotency-Key, JSON objects with every field Stripe's published objects
// always carry (fake-stripe-objects.ts), and webhook events signed with Stripe's scheme. Like
// Stripe it refuses parameters it does not know, refuses an idempotency key reused with other
// parameters, and checks expires_at against its 30-minute to 24-hour window. Tests only.

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

/** The parameters Stripe's API takes (SessionCreateParams of the pinned SDK); `true` = any keys (metadata). */
type Shape = { [key: string]: Shape | true };
const ANY: true = true;
const SESSION_CREATE: Shape = {
  ...Object.fromEntries(
    (
      'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax ' +
      'billing_address_collection branding_settings consent_collection currency custom_fields custom_text ' +
      'customer customer_account customer_creation customer_email customer_update discounts ' +
      'excluded_payment_method_types expand integration_identifier invoice_creation locale managed_payments ' +
      'name_collection optional_items origin_context payment_method_collection payment_method_configuration ' +
      'payment_method_data payment_method_options permissions phone_number_collection redirect_on_completion ' +
      'return_url saved_payment_method_options setup_intent_data shipping_address_collection shipping_options ' +
      'submit_type subscription_data tax_id_collection ui_mode wallet_options'
    )
      .split(' ')
      .map((key) => [key, ANY]),
  ),
  cancel_url: ANY,
  client_reference_id: ANY,
  expires_at: ANY,
  metadata: ANY,
  mode: ANY,
  success_url: ANY,
  line_items: {
    adjustable_quantity: ANY,
    dynamic_tax_rates: ANY,
    metadata: ANY,
    price: ANY,
    quantity: ANY,
    tax_rates: ANY,
    price_data: {
      currency: ANY,
      product: ANY,
      recurring: ANY,
      tax_behavior: ANY,
      unit_amount: ANY,
      unit_amount_decimal: ANY,
      product_data: {
        description: ANY,
        images: ANY,
        metadata: ANY,
        name: ANY,
        tax_code: ANY,
        unit_label: ANY,
      },
    },
  },
  payment_intent_data: {
    application_fee_amount: ANY,
    capture_method: ANY,
    description: ANY,
    metadata: ANY,
    on_behalf_of: ANY,
    receipt_email: ANY,
    setup_future_usage: ANY,
    shipping: ANY,
    statement_descriptor: ANY,
    statement_descriptor_suffix: ANY,
    transfer_data: ANY,
    transfer_group: ANY,
  },
};
const EXPAND_ONLY: Shape = { expand: ANY };

/** The first parameter the shape does not know, in Stripe's bracketed spelling. */
function unknownParameter(params: unknown, shape: Shape, path = ''): string | null {
  if (Array.isArray(params)) {
    for (const [index, item] of params.entries()) {
      const found = unknownParameter(item, shape, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (params === null || typeof params !== 'object') return null;
  for (const [key, value] of Object.entries(params)) {
    const name = path ? `${path}[${key}]` : key;
    const known = shape[key];
    if (known === undefined) return name;
    if (known !== ANY) {
      const found = unknownParameter(value, known, name);
      if (found) return found;
    }
  }
  return null;
}

const stripeError = (reply: FastifyReply, status: number, error: Json) =>
  reply.code(status).send({ error: { type: 'invalid_request_error', ...error } });

export interface FakeStripe {
  origin: string;
  env: Record<string, string>;
  /** Every create call as Stripe received it (params and idempotency key), refused ones included. */
  created: { params: Json; idempotencyKey: string | undefined; status: number }[];
  /** Sessions expired through the API (POST /v1/checkout/sessions/{id}/expire). */
  expiredByApi: string[];
  sessions: Map<string, Json>;
  /**
   * The buyer pays (as on Stripe's page): the session completes with a payment intent carrying
   * payment_intent_data.metadata. `unpaid` = a delayed method (SEPA): paid later, or not.
   */
  pay(sessionId: string, options?: { paymentStatus?: 'paid' | 'unpaid' }): string;
  /** A delayed payment's end: paid (async_payment_succeeded) or failed (async_payment_failed). */
  settleAsync(sessionId: string, succeeded: boolean): Json;
  expire(sessionId: string): void;
  /** An Event object like Stripe's, wrapping `object`. */
  event(type: string, object: Json): Json;
  /** The Stripe-Signature header for a payload, signed now (or at `timestamp`, seconds) with `secret`. */
  sign(payload: string, options?: { secret?: string; timestamp?: number }): string;
  charge(
    paymentIntent: string,
    amount: number,
    refunded: boolean,
    options?: { amountRefunded?: number },
  ): Json;
  dispute(paymentIntent: string, amount: number, options?: { status?: string }): Json;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `clock` is Stripe's own time (seconds are derived from it), for tests that move the store's clock. */
export async function startFakeStripe(options: { clock?: () => Date } = {}): Promise<FakeStripe> {
  const now = () => Math.floor((options.clock?.() ?? new Date()).getTime() / 1000);
  const server: FastifyInstance = Fastify();
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  /** payment_intent_data.metadata of each session: its payment intent carries it once paid. */
  const intentMetadataOf = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, { params: Json; response: Json }>();
  const created: FakeStripe['created'] = [];
  const expiredByApi: string[] = [];

  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, parseStripeForm(String(body))),
  );
  server.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEYS.secretKey}`) {
      return stripeError(reply, 401, { message: 'Invalid API Key provided' });
    }
  });
  const refuseUnknown = (reply: FastifyReply, params: Json, shape: Shape) => {
    const unknown = unknownParameter(params, shape);
    if (!unknown) return false;
    void stripeError(reply, 400, {
      code: 'parameter_unknown',
      param: unknown,
      message: `Received unknown parameter: ${unknown}`,
    });
    return true;
  };

  server.post('/v1/checkout/sessions', async (request, reply) => {
    const params = (request.body ?? {}) as Json;
    const key = request.headers['idempotency-key'] as string | undefined;
    const record = (status: number) => created.push({ params, idempotencyKey: key, status });
    const replay = key ? byIdempotencyKey.get(key) : undefined;
    if (replay) {
      if (!isDeepStrictEqual(replay.params, params)) {
        record(400);
        return reply.code(400).send({
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      }
      record(200);
      return reply.header('idempotent-replayed', 'true').send(replay.response);
    }
    if (refuseUnknown(reply, params, SESSION_CREATE)) return record(400);
    const expiresAt = params.expires_at === undefined ? now() + 86_400 : Number(params.expires_at);
    if (expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600) {
      record(400);
      return stripeError(reply, 400, {
        param: 'expires_at',
        message:
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      });
    }
    const session = stripeSession({ id: id('cs_test'), params, created: now(), expiresAt });
    sessions.set(String(session.id), session);
    intentMetadataOf.set(
      String(session.id),
      ((params.payment_intent_data as Json | undefined)?.metadata as Json | undefined) ?? {},
    );
    if (key) byIdempotencyKey.set(key, { params, response: session });
    record(200);
    return reply.send(session);
  });

  const missing = (reply: FastifyReply, kind: string, what: string) =>
    stripeError(reply, 404, {
      code: 'resource_missing',
      param: 'id',
      message: `No such ${kind}: '${what}'`,
    });

  server.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
    if (refuseUnknown(reply, request.query as Json, EXPAND_ONLY)) return;
    return sessions.get(request.params.id) ?? missing(reply, 'checkout.session', request.params.id);
  });

  server.post<{ Params: { id: string } }>('/v1/checkout/sessions/:id/expire', async (request, reply) => {
    if (refuseUnknown(reply, (request.body ?? {}) as Json, EXPAND_ONLY)) return;
    const session = sessions.get(request.params.id);
    if (!session) return missing(reply, 'checkout.session', request.params.id);
    if (session.status !== 'open') {
      return stripeError(reply, 400, {
        code: 'checkout_session_not_open',
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
      });
    }
    Object.assign(session, { status: 'expired', url: null });
    expiredByApi.push(String(session.id));
    return session;
  });

  server.get<{ Params: { id: string } }>('/v1/payment_intents/:id', async (request, reply) => {
    if (refuseUnknown(reply, request.query as Json, { ...EXPAND_ONLY, client_secret: ANY })) return;
    return intents.get(request.params.id) ?? missing(reply, 'payment_intent', request.params.id);
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
    expiredByApi,
    sessions,
    pay(sessionId, options = {}) {
      const session = sessionOf(sessionId);
      if (session.status === 'expired') throw new Error(`fake Stripe: session ${sessionId} is expired`);
      const paid = (options.paymentStatus ?? 'paid') === 'paid';
      let paymentIntent = session.payment_intent as string | null;
      if (!paymentIntent) {
        const intentMetadata = intentMetadataOf.get(sessionId) ?? {};
        const intent = stripePaymentIntent({
          id: id('pi'),
          amount: Number(session.amount_total),
          created: now(),
          metadata: intentMetadata,
          status: paid ? 'succeeded' : 'processing',
        });
        intents.set(String(intent.id), intent);
        paymentIntent = String(intent.id);
      }
      Object.assign(session, {
        status: 'complete',
        payment_status: paid ? 'paid' : 'unpaid',
        payment_intent: paymentIntent,
        url: null,
      });
      return paymentIntent;
    },
    settleAsync(sessionId, succeeded) {
      const session = sessionOf(sessionId);
      if (succeeded) session.payment_status = 'paid';
      const intent = intents.get(String(session.payment_intent));
      if (intent) intent.status = succeeded ? 'succeeded' : 'requires_payment_method';
      return session;
    },
    expire(sessionId) {
      Object.assign(sessionOf(sessionId), { status: 'expired', url: null });
    },
    event(type, object) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
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
        timestamp: options.timestamp ?? now(),
      });
    },
    charge(paymentIntent, amount, refunded, options = {}) {
      return stripeCharge({
        id: id('ch'),
        amount,
        amountRefunded: options.amountRefunded ?? (refunded ? amount : Math.floor(amount / 2)),
        created: now(),
        paymentIntent,
        metadata: (intents.get(paymentIntent)?.metadata as Json | undefined) ?? {},
      });
    },
    dispute(paymentIntent, amount, options = {}) {
      return stripeDispute({
        id: id('dp'),
        amount,
        charge: id('ch'),
        created: now(),
        paymentIntent,
        status: options.status ?? 'needs_response',
      });
    },
    close: () => server.close(),
  };
}
