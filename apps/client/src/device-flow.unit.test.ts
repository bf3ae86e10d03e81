import { describe, expect, it } from 'vitest';
import type { ClientApi, DeviceCode, TokenPoll } from './client-api.ts';
import { DeviceFlowFailed, signInWithDevice } from './device-flow.ts';

const CODE: DeviceCode = {
  device_code: 'device-1',
  user_code: 'BCDF-GHJK',
  verification_uri: 'http://127.0.0.1/device',
  verification_uri_complete: 'http://127.0.0.1/device?code=BCDF-GHJK',
  expires_in: 900,
  interval: 5,
};

/** An API whose token endpoint answers `polls` in order; records the waits between polls. */
function scripted(polls: TokenPoll[]) {
  const waits: number[] = [];
  const api = {
    requestDeviceCode: async () => CODE,
    pollToken: async (deviceCode: string) => {
      expect(deviceCode).toBe('device-1');
      const next = polls.shift();
      if (!next) throw new Error('polled once too often');
      return next;
    },
  } as unknown as ClientApi;
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { api, waits, sleep };
}

const pending: TokenPoll = {
  status: 'error',
  error: 'authorization_pending',
  message: 'authorization_pending',
};
const slowDown: TokenPoll = { status: 'error', error: 'slow_down', message: 'slow_down' };

describe('signInWithDevice', () => {
  it('shows the code, waits the interval between polls, adds 5 s after slow_down, and returns the token', async () => {
    const { api, waits, sleep } = scripted([
      pending,
      slowDown,
      pending,
      { status: 'granted', accessToken: 'emc_x', userId: 7 },
    ]);
    const shown: string[] = [];
    const token = await signInWithDevice(api, {
      clientName: 'test',
      onCode: (code) => {
        shown.push(code.user_code);
      },
      sleep,
    });
    expect(token).toEqual({ accessToken: 'emc_x', userId: 7 });
    expect(shown).toEqual(['BCDF-GHJK']);
    expect(waits).toEqual([5000, 5000, 10_000, 10_000]);
  });

  it('stops with a clear message when the user denies the code', async () => {
    const { api, sleep } = scripted([
      pending,
      { status: 'error', error: 'access_denied', message: 'denied' },
    ]);
    await expect(signInWithDevice(api, { clientName: 'test', onCode: () => {}, sleep })).rejects.toEqual(
      new DeviceFlowFailed('access_denied', 'The sign-in was denied on the website.'),
    );
  });

  it('stops when the code expired', async () => {
    const { api, sleep } = scripted([{ status: 'error', error: 'expired_token', message: 'expired' }]);
    await expect(signInWithDevice(api, { clientName: 'test', onCode: () => {}, sleep })).rejects.toThrow(
      /expired before it was approved/,
    );
  });
});
