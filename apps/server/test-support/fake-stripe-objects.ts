import { readFileSync } from 'node:fs';

// Stripe objects as the API answers them: Stripe's published fixture of each object
// (stripe-fixtures.json, from github.com/stripe/openapi openapi/fixtures3.json), so every field
// Stripe always sends is there, with the fields a test-mode card payment in EUR made by this
// store sets on top. Tests only.

type Json = Record<string, unknown>;

const FIXTURES = JSON.parse(
  readFileSync(new URL('./stripe-fixtures.json', import.meta.url), 'utf8'),
) as Record<string, Json>;

/** A fresh copy of Stripe's published fixture of an object. */
const fixture = (object: 'checkout.session' | 'charge' | 'dispute' | 'payment_intent'): Json =>
  structuredClone(FIXTURES[object] ?? {});

const eur = (currency: unknown) => String(currency ?? 'eur').toLowerCase();

/** A Checkout Session created with `params` (form-decoded, strings), open and unpaid. */
export function stripeSession(input: { id: string; params: Json; created: number; expiresAt: number }): Json {
  const { id, params, created, expiresAt } = input;
  const lineItems = (params.line_items ?? []) as { quantity?: string; price_data?: Json }[];
  const amount = lineItems.reduce(
    (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
    0,
  );
  const currency = eur(lineItems[0]?.price_data?.currency ?? params.currency);
  return {
    ...fixture('checkout.session'),
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: null,
    discounts: [],
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: params.metadata ?? {},
    mode: params.mode ?? 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: params.success_url ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    // Stripe's own payment page, named as the pinned SDK's API version names it (UiMode has no 'hosted').
    ui_mode: params.ui_mode ?? 'hosted_page',
    url: `https://checkout.stripe.com/c/pay/${id}`,
    wallet_options: null,
  };
}

export function stripePaymentIntent(input: {
  id: string;
  amount: number;
  created: number;
  metadata: Json;
  status: string;
}): Json {
  const succeeded = input.status === 'succeeded';
  return {
    ...fixture('payment_intent'),
    id: input.id,
    object: 'payment_intent',
    amount: input.amount,
    amount_capturable: 0,
    amount_received: succeeded ? input.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${input.id}_secret_fake`,
    confirmation_method: 'automatic',
    created: input.created,
    currency: 'eur',
    customer: null,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.status,
    transfer_data: null,
    transfer_group: null,
  };
}

export function stripeCharge(input: {
  id: string;
  amount: number;
  amountRefunded: number;
  created: number;
  paymentIntent: string;
  metadata: Json;
}): Json {
  return {
    ...fixture('charge'),
    id: input.id,
    object: 'charge',
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: input.amountRefunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: `txn_${input.id.slice(3)}`,
    billing_details: { address: null, email: null, name: null, phone: null },
    calculated_statement_descriptor: 'EMBER',
    captured: true,
    created: input.created,
    currency: 'eur',
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: input.metadata,
    on_behalf_of: null,
    outcome: {
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: input.paymentIntent,
    payment_method: null,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: input.amountRefunded >= input.amount,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function stripeDispute(input: {
  id: string;
  amount: number;
  charge: string;
  created: number;
  paymentIntent: string;
  status: string;
}): Json {
  const evidenceFields =
    'access_activity_log billing_address cancellation_policy cancellation_policy_disclosure cancellation_rebuttal ' +
    'customer_communication customer_email_address customer_name customer_purchase_ip customer_signature ' +
    'duplicate_charge_documentation duplicate_charge_explanation duplicate_charge_id product_description receipt ' +
    'refund_policy refund_policy_disclosure refund_refusal_explanation service_date service_documentation ' +
    'shipping_address shipping_carrier shipping_date shipping_documentation shipping_tracking_number ' +
    'uncategorized_file uncategorized_text';
  return {
    ...fixture('dispute'),
    id: input.id,
    object: 'dispute',
    amount: input.amount,
    balance_transactions: [],
    charge: input.charge,
    created: input.created,
    currency: 'eur',
    enhanced_eligibility_types: [],
    evidence: {
      ...Object.fromEntries(evidenceFields.split(' ').map((field) => [field, null])),
      enhanced_evidence: {},
    },
    evidence_details: {
      due_by: input.created + 7 * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: input.paymentIntent,
    reason: 'fraudulent',
    status: input.status,
  };
}
