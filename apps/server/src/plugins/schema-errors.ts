import type { FastifyInstance } from 'fastify';
import { Invalid } from '../lib/errors.ts';

/**
 * The contracts word every rule as a sentence for the person filling the form (spec §5: 'Plan name
 * was empty.'), so a request that breaks a schema is answered with that sentence verbatim, as a 400
 * through the one error handler.
 */
export function answerSchemaErrorsWithContractMessages(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors) => new Invalid(errors[0]?.message ?? 'The request is not valid.'));
}
