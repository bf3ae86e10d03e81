import { WEBHOOK_PATHS } from '@ember/contracts/commerce';
import type { PaymentGateway } from '@ember/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WebhookSignatureInvalid } from '../../integrations/payments/payment-gateway.ts';
import type { PaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * Processor webhooks (no bearer token: the signature is the authentication). Registered in their
 * own plugin scope so JSON bodies reach them raw (signatures are computed over the exact bytes);
 * every other route keeps Fastify's JSON parser. Answers: 200 once handled or deliberately ignored
 * (also for a repeat), 400 for a signature that does not verify (the provider shows it as failed;
 * nothing changed), 404 when that processor is not configured here; a 5xx only when the store
 * could not record it, so the provider retries.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{
  gateways: PaymentGateways;
  payments: PaymentsService;
}> = async (app, { gateways, payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const route = declareRoutes(app, { tags: ['webhooks'] });
  const hook = (gateway: PaymentGateway, path: string) =>
    route.post(
      path,
      { access: 'public', summary: `${gateway} webhook (signed; raw body)`, hide: false },
      async (request, reply) => {
        const client = gateways.byName(gateway);
        if (!client)
          return reply.code(404).send({ message: `The ${gateway} processor is not configured here.` });
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: ReturnType<typeof client.readWebhook>;
        try {
          event = client.readWebhook(raw, request.headers);
        } catch (error) {
          if (error instanceof WebhookSignatureInvalid) {
            request.log.warn({ gateway, reason: error.message }, 'webhook refused: signature');
            return reply.code(400).send({ message: 'The webhook signature is not valid.' });
          }
          throw error;
        }
        const result = await payments.handleWebhook(gateway, event);
        request.log.info({ gateway, eventId: event.eventId, type: event.eventType, result }, 'webhook');
        return reply.code(200).send({ received: true, result });
      },
    );

  hook('stripe', WEBHOOK_PATHS.stripe);
  hook('btcpay', WEBHOOK_PATHS.btcpay);
  hook('sandbox', WEBHOOK_PATHS.sandbox);
};
