import {
  DEVICE_CODE_FAILURE_WINDOW_MINUTES,
  DEVICE_CODE_FAILURES_PER_WINDOW,
  DEVICE_CODE_INVALID_MESSAGE,
  tooManyDeviceCodeFailuresMessage,
} from '@ember/contracts/client-api';
import { clientAddressKey } from '../../lib/client-address.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { NotFound, TooManyRequests } from '../../lib/errors.ts';

const WINDOW_MS = DEVICE_CODE_FAILURE_WINDOW_MINUTES * 60_000;

/**
 * RFC 8628 §5.1: user codes are short, so the website's lookups and approvals count the codes that
 * were not valid, per account and per address (20 in 15 minutes); past that, every try is refused
 * until the window ends, a good code included. A good code takes its count back.
 */
export function createDeviceCodeAttempts(deps: { store: CounterStore; maxFailures?: number }) {
  const maxFailures = deps.maxFailures ?? DEVICE_CODE_FAILURES_PER_WINDOW;
  return {
    async limit<T>(trier: { userId: number; ip: string }, attempt: () => Promise<T>): Promise<T> {
      const keys = [
        `device-code-failures:user:${trier.userId}`,
        `device-code-failures:address:${clientAddressKey(trier.ip)}`,
      ];
      const counts = await Promise.all(keys.map((key) => deps.store.increment(key, WINDOW_MS)));
      const over = counts.filter(({ count }) => count > maxFailures);
      if (over.length > 0) {
        const waitMs = Math.max(...over.map(({ resetInMs }) => resetInMs));
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        throw new TooManyRequests(tooManyDeviceCodeFailuresMessage(minutes), Math.ceil(waitMs / 1000));
      }
      try {
        const result = await attempt();
        await Promise.all(keys.map((key) => deps.store.decrement(key)));
        return result;
      } catch (error) {
        const wrongCode = error instanceof NotFound && error.message === DEVICE_CODE_INVALID_MESSAGE;
        if (!wrongCode) await Promise.all(keys.map((key) => deps.store.decrement(key)));
        throw error;
      }
    },
  };
}

export type DeviceCodeAttempts = ReturnType<typeof createDeviceCodeAttempts>;
