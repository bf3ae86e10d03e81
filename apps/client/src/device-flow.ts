import type { ClientApi, DeviceCode } from './client-api.ts';

/** The device flow ended without a token (denied, expired, or refused by the server). */
export class DeviceFlowFailed extends Error {
  override readonly name = 'DeviceFlowFailed';
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const SLOW_DOWN_SECONDS = 5;

const FAILURES: Record<string, string> = {
  access_denied: 'The sign-in was denied on the website.',
  expired_token: 'The code expired before it was approved. Run login again.',
  invalid_grant: 'The server no longer knows this code. Run login again.',
};

export interface DeviceSignInOptions {
  clientName: string;
  /** Shows the user the code and where to approve it. */
  onCode: (code: DeviceCode) => void | Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * RFC 8628 from the device's side: asks for a code, shows it, then polls the token endpoint no
 * faster than `interval`, adding 5 s after each `slow_down`, until approval, denial or expiry.
 */
export async function signInWithDevice(
  api: ClientApi,
  options: DeviceSignInOptions,
): Promise<{ accessToken: string; userId: number | undefined }> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const code = await api.requestDeviceCode(options.clientName);
  await options.onCode(code);
  let interval = Math.max(1, code.interval);
  const deadline = Date.now() + code.expires_in * 1000;
  while (Date.now() < deadline) {
    if (options.signal?.aborted) throw new DeviceFlowFailed('aborted', 'Sign-in cancelled.');
    await sleep(interval * 1000);
    const poll = await api.pollToken(code.device_code);
    if (poll.status === 'granted') return { accessToken: poll.accessToken, userId: poll.userId };
    if (poll.error === 'authorization_pending') continue;
    if (poll.error === 'slow_down') {
      interval += SLOW_DOWN_SECONDS;
      continue;
    }
    throw new DeviceFlowFailed(poll.error, FAILURES[poll.error] ?? poll.message);
  }
  throw new DeviceFlowFailed('expired_token', FAILURES.expired_token ?? 'The code expired.');
}
