import type { FastifyInstance } from 'fastify';
import { Invalid } from '../../lib/errors.ts';

/**
 * The catalog contracts word every rule as a sentence for the person filling the form (spec §5:
 * 'Plan name was empty.'), so the catalog routes answer a schema failure with that sentence
 * verbatim instead of the generic "Invalid body.name: ..." wording. Scoped to the plugin it is
 * called in.
 */
export function answerWithContractMessages(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors) => new Invalid(errors[0]?.message ?? 'The request is not valid.'));
}
