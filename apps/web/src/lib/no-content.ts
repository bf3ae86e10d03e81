import { z } from '@ember/contracts/zod';

/** The contract of an answer without a body (204): anything else is a broken answer. */
export const noContent = z.undefined();
