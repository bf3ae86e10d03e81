import type { PaymentGateway, PaymentProcessor } from '@ember/contracts/enums';
import type { Payment } from '@ember/db/schema/commerce';
import type { ProcessorEvent } from '../../integrations/payments/payment-gateway.ts';
import type { PaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import type { Db } from './db.ts';
import { findOrderRow, lockOrder } from './orders.repository.ts';
import type { PaymentOutcomes } from './payment-outcomes.ts';
import type { PaymentReversals } from './payment-reversals.ts';
import { findPayment, lockPayment, recordPaymentEvent, updatePayment } from './payments.repository.ts';

// Processor events, first step: a verified webhook of Stripe, BTCPay or the sandbox, recorded once
// and handed to the outcome or the money it speaks of (decision 0045).

/** How a webhook was handled, for the answer and the log. */
export type WebhookResult = 'applied' | 'duplicate' | 'ignored' | 'unknown-payment';

/** Which processor's clearing account and event namespace an attempt belongs to. */
const PROVIDER_OF: Record<PaymentGateway, PaymentProcessor | null> = {
  stripe: 'STRIPE',
  btcpay: 'CRYPTO',
  sandbox: null,
};

export function createProcessorEvents(deps: {
  db: Db;
  clock: () => Date;
  gateways: PaymentGateways;
  outcomes: PaymentOutcomes;
  reversals: PaymentReversals;
}) {
  const { db, clock, gateways, outcomes, reversals } = deps;

  /**
   * A verified webhook: recorded once per provider event id in the same transaction that acts on
   * it (a repeat, also a concurrent one, finds the row and changes nothing). A BTCPay delivery
   * only names its invoice: the invoice is re-fetched and its state acted on (issue 24, item 4).
   */
  return async function handleWebhook(
    gatewayName: PaymentGateway,
    event: ProcessorEvent,
  ): Promise<WebhookResult> {
    const gateway = gateways.byName(gatewayName);
    let action: ProcessorEvent['action'] = event.action;
    let payment: Payment | null = null;
    let link: string | undefined;
    if (action.kind === 'outcome') {
      payment = await findPayment(db, gatewayName, action.providerId);
      if (payment && action.refetch && gateway) {
        action = {
          kind: 'outcome',
          providerId: action.providerId,
          ...(await gateway.lookup(action.providerId)),
        };
      }
    } else if (action.kind !== 'ignored') {
      ({ payment, link } = await reversals.attemptOf(gateway, gatewayName, action));
    }
    const provider: PaymentProcessor =
      PROVIDER_OF[gatewayName] ??
      (payment ? ((await findOrderRow(db, payment.orderId))?.paymentProcessor ?? 'STRIPE') : 'STRIPE');
    const resolved = action;
    return db.transaction(async (tx) => {
      // The order first: recording the event takes a key-share lock on it (foreign key), so two
      // events of one order that recorded first and locked second would deadlock.
      const order = payment ? await lockOrder(tx, payment.orderId) : null;
      const first = await recordPaymentEvent(tx, {
        provider,
        eventId: event.eventId,
        eventType: event.eventType,
        orderId: payment?.orderId ?? null,
        payload: event.payload,
        at: clock(),
      });
      if (!first) return 'duplicate';
      if (resolved.kind === 'ignored') return 'ignored';
      const locked = order && payment ? await lockPayment(tx, payment.id) : null;
      if (!order || !locked) return 'unknown-payment';
      if (link && !locked.providerReference) {
        await updatePayment(tx, locked.id, { providerReference: link });
      }
      if (resolved.kind === 'outcome') await outcomes.apply(tx, order, locked, resolved);
      else await reversals.apply(tx, order, locked, resolved, event.eventId);
      return 'applied';
    });
  };
}
