import { describe, expect, it } from 'vitest';
import { ClientApiError } from './client-api.ts';
import { heartbeatWithRetry } from './heartbeat-retry.ts';

// Issue 32: one heartbeat answered 429, 5xx or lost on the way ended the player's session.

/** A heartbeat that fails with `failures` in order, then answers; a clock the waits move. */
function scripted(failures: ClientApiError[]) {
  let clock = 0;
  const waits: number[] = [];
  let calls = 0;
  const beat = async () => {
    calls++;
    const failure = failures.shift();
    if (failure) throw failure;
    return { lastUpdate: 'now' };
  };
  const options = {
    timeoutMs: 120_000,
    lastAnsweredAt: 0,
    now: () => clock,
    random: () => 1,
    sleep: async (ms: number) => {
      waits.push(ms);
      clock += ms;
      return false;
    },
  };
  return { beat, options, waits, calls: () => calls };
}

const busy = (retryAfterSeconds?: number) =>
  new ClientApiError(429, 'Too many requests.', undefined, retryAfterSeconds);
const failing = new ClientApiError(503, 'The server is restarting.');
const dropped = new ClientApiError(0, 'The server could not be reached.');

describe('heartbeatWithRetry', () => {
  it('tries a 5xx and a dropped connection again, waiting longer each time', async () => {
    const { beat, options, waits } = scripted([failing, dropped, failing]);
    expect(await heartbeatWithRetry(beat, options)).toEqual({ lastUpdate: 'now' });
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("honours the server's Retry-After on a 429", async () => {
    const { beat, options, waits } = scripted([busy(7), busy()]);
    expect(await heartbeatWithRetry(beat, options)).toEqual({ lastUpdate: 'now' });
    expect(waits).toEqual([7000, 2000]);
  });

  it('gives up, with the last failure, when the next try would come after the session timed out', async () => {
    const tooLate = busy(200);
    const { beat, options, calls } = scripted([tooLate]);
    await expect(heartbeatWithRetry(beat, options)).rejects.toBe(tooLate);
    expect(calls()).toBe(1);
    const endless = scripted(Array.from({ length: 50 }, () => failing));
    await expect(heartbeatWithRetry(endless.beat, endless.options)).rejects.toMatchObject({ status: 503 });
    // Every try fell inside the timeout, with its safety margin.
    expect(endless.waits.reduce((sum, wait) => sum + wait, 0)).toBeLessThan(118_000);
  });

  it('throws a refusal that will not pass (ended session, limit, revoked token) at once', async () => {
    for (const status of [401, 403, 404, 409]) {
      const refusal = new ClientApiError(status, 'Refused.');
      const { beat, options, calls } = scripted([refusal]);
      await expect(heartbeatWithRetry(beat, options)).rejects.toBe(refusal);
      expect(calls()).toBe(1);
    }
  });

  it('answers null when the player stops the session during a wait', async () => {
    const { beat, options } = scripted([failing]);
    const stopped = await heartbeatWithRetry(beat, { ...options, sleep: async () => true });
    expect(stopped).toBeNull();
  });
});
