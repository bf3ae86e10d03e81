import { tooManyDiscountCodeFailuresMessage } from '@ember/contracts/errors';
import { clientAddressKey } from '../../lib/client-address.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { DiscountCodeRefused } from '../discount-codes/index.ts';

const WINDOW_MS = 3_600_000;

/** Who tried a code: counted per account and per client address, so neither new IPs nor new accounts reset it. */
export interface CodeTrier {
  userId: number;
  ip: string;
}

/**
 * Limits discount codes that do not work (unknown, wrong price, disabled, expired, used up) on the
 * check, the purchase and the gift alike. Each attempt with a code is counted before it runs and
 * given back if the code worked, so a burst of parallel guesses cannot slip in before the count.
 */
export function createDiscountCodeAttempts(deps: { store: CounterStore; maxFailures: number }) {
  return {
    async limit<T>(trier: CodeTrier, code: string | undefined, attempt: () => Promise<T>): Promise<T> {
      if (!code) return attempt();
      const keys = [
        `code-failures:user:${trier.userId}`,
        `code-failures:address:${clientAddressKey(trier.ip)}`,
      ];
      const counts = await Promise.all(keys.map((key) => deps.store.increment(key, WINDOW_MS)));
      const over = counts.filter(({ count }) => count > deps.maxFailures);
      if (over.length > 0) {
        const waitMs = Math.max(...over.map(({ resetInMs }) => resetInMs));
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        throw new TooManyRequests(tooManyDiscountCodeFailuresMessage(minutes), Math.ceil(waitMs / 1000));
      }
      try {
        const result = await attempt();
        await Promise.all(keys.map((key) => deps.store.decrement(key)));
        return result;
      } catch (error) {
        if (!(error instanceof DiscountCodeRefused)) {
          await Promise.all(keys.map((key) => deps.store.decrement(key)));
        }
        throw error;
      }
    },
  };
}

export type DiscountCodeAttempts = ReturnType<typeof createDiscountCodeAttempts>;
