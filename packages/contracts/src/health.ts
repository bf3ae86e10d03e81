import { z } from './zod.ts';

export const healthResponse = z.object({ status: z.literal('ok') });
export const readinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  /** Set while the process shuts down: it finishes its requests but wants no new ones. */
  reason: z.literal('draining').optional(),
});
