import { checkoutReturnHref, SANDBOX_CHECKOUT_PATH, WEBHOOK_PATHS } from '@ember/contracts/commerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxGateway,
} from '../../integrations/payments/sandbox-gateway.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { PaymentsService } from './payments.service.ts';
import { renderSandboxCheckoutPage } from './sandbox-checkout-page.ts';

const params = z.object({ paymentId: z.string().regex(/^sbx_[0-9a-f]{24}$/, 'Unknown checkout.') });

/**
 * The sandbox processor's checkout (development and tests; the app refuses it in production).
 * Pay and Cancel send a signed webhook through the real webhook route (its signature check and
 * the same fulfilment as Stripe and BTCPay), then return the buyer to the store's return page.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxGateway;
  payments: PaymentsService;
  brandName: string;
}> = async (app, { sandbox, payments, brandName }) => {
  const route = declareRoutes(app);
  // The buttons post empty forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, {}),
  );

  route.get(SANDBOX_CHECKOUT_PATH, { access: 'public', hide: true, params }, async (request, reply) => {
    const attempt = await payments.sandboxAttempt(request.params.paymentId);
    if (!attempt) return reply.code(404).type('text/plain; charset=utf-8').send('Unknown checkout.');
    const payable =
      attempt.payment.status === 'open' && attempt.order.paymentId === attempt.payment.providerId;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        renderSandboxCheckoutPage({
          order: attempt.order,
          paymentId: attempt.payment.providerId,
          payable,
          brandName,
        }),
      );
  });

  const answer = (what: 'pay' | 'cancel') =>
    route.post(
      `${SANDBOX_CHECKOUT_PATH}/${what}`,
      { access: 'public', hide: true, params },
      async (request, reply) => {
        const attempt = await payments.sandboxAttempt(request.params.paymentId);
        if (!attempt) return reply.code(404).type('text/plain; charset=utf-8').send('Unknown checkout.');
        if (attempt.payment.status === 'open') {
          const signed = sandbox.signedEvent(
            what === 'pay' ? 'sandbox.payment.succeeded' : 'sandbox.payment.cancelled',
            attempt.payment.providerId,
          );
          const delivered = await app.inject({
            method: 'POST',
            url: WEBHOOK_PATHS.sandbox,
            headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature },
            payload: signed.body,
          });
          if (delivered.statusCode !== 200) {
            request.log.error(
              { status: delivered.statusCode, body: delivered.body },
              'sandbox webhook refused',
            );
            return reply
              .code(502)
              .type('text/plain; charset=utf-8')
              .send('The sandbox payment could not be recorded.');
          }
        }
        return reply.redirect(checkoutReturnHref(attempt.order.id), 303);
      },
    );
  answer('pay');
  answer('cancel');
};
