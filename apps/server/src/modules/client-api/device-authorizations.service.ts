import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  CLIENT_ID,
  DEVICE_APPROVED_MESSAGE,
  DEVICE_CODE_GRANT,
  DEVICE_CODE_INVALID_MESSAGE,
  DEVICE_DENIED_MESSAGE,
  type DeviceAuthorizationResponse,
  type DeviceCodeResponse,
  formatUserCode,
  normalizeUserCode,
  type TokenError,
  type TokenResponse,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
} from '@ember/contracts/client-api';
import { NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import type { ClientTokens } from './client-tokens.service.ts';
import type { Db } from './db.ts';
import {
  decidePending,
  deleteExpiredBefore,
  findPendingByUserCode,
  insertDeviceAuthorization,
  isUserCodeInUse,
  lockByDeviceCode,
  updateDeviceAuthorization,
} from './device-authorizations.repository.ts';
import { roughNetworkOf } from './rough-network.ts';

export const DEVICE_CODE_TTL_SECONDS = 900;
export const POLL_INTERVAL_SECONDS = 5;
/** RFC 8628 §3.5: each slow_down adds 5 s to the interval the client must keep. */
const SLOW_DOWN_STEP_SECONDS = 5;
const MAX_INTERVAL_SECONDS = 60;
const DEFAULT_CLIENT_NAME = 'Ember client';
/** Expired requests are kept a day (a late poll still gets `expired_token`), then swept. */
const KEEP_EXPIRED_MS = 24 * 3_600_000;

const TOKEN_ERROR_MESSAGES: Record<TokenError, string> = {
  authorization_pending: 'Waiting for you to approve this device on the website.',
  slow_down: 'Polling too fast: wait longer between requests.',
  access_denied: 'This sign-in was denied on the website.',
  expired_token: 'This code has expired. Start the sign-in again.',
  invalid_grant: 'This device code is not valid or was already used. Start the sign-in again.',
  invalid_client: `Unknown client: the client id must be ${CLIENT_ID}.`,
  unsupported_grant_type: `The grant type must be ${DEVICE_CODE_GRANT}.`,
  invalid_request: 'The device code is missing.',
};

export type TokenOutcome =
  | { ok: true; body: TokenResponse }
  | { ok: false; error: TokenError; message: string };

const refused = (error: TokenError): TokenOutcome => ({
  ok: false,
  error,
  message: TOKEN_ERROR_MESSAGES[error],
});
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
const newUserCode = () =>
  Array.from(
    { length: USER_CODE_LENGTH },
    () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)],
  ).join('');

/**
 * The device-authorization flow (RFC 8628, docs/client-api.md §1): the client asks for a code pair,
 * the signed-in user approves the user code on the website, the client polls for its token, which
 * is given once.
 */
export function createDeviceAuthorizations(deps: {
  db: Db;
  clock: () => Date;
  tokens: Pick<ClientTokens, 'issue'>;
  publicUrl: string;
}) {
  const { db, clock, tokens } = deps;

  async function freeUserCode(now: Date) {
    // 20^8 codes: a clash with a pending one is rare; a few tries make it vanishingly so.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newUserCode();
      if (!(await isUserCodeInUse(db, code, now))) return code;
    }
    throw new Error('no free user code after 5 attempts');
  }

  return {
    /** `null` when the client id is not ours (answered with `invalid_client`). */
    async start(request: {
      clientId?: string;
      clientName?: string;
      /** The asking address (request.ip); only its network is kept, for the approval page. */
      address?: string;
    }): Promise<DeviceCodeResponse | null> {
      if (request.clientId !== CLIENT_ID) return null;
      const now = clock();
      const deviceCode = randomBytes(32).toString('base64url');
      const userCode = await freeUserCode(now);
      await insertDeviceAuthorization(db, {
        deviceCodeHash: hashOf(deviceCode),
        userCode,
        clientName: request.clientName?.trim() || DEFAULT_CLIENT_NAME,
        requestedFrom: request.address ? roughNetworkOf(request.address) : null,
        intervalSeconds: POLL_INTERVAL_SECONDS,
        expiresAt: new Date(now.getTime() + DEVICE_CODE_TTL_SECONDS * 1000),
      });
      const shown = formatUserCode(userCode);
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: `${deps.publicUrl}/device`,
        verification_uri_complete: `${deps.publicUrl}/device?code=${shown}`,
        expires_in: DEVICE_CODE_TTL_SECONDS,
        interval: POLL_INTERVAL_SECONDS,
      };
    },

    /** One poll of the token endpoint; the poll time is recorded whatever the answer. */
    async poll(request: {
      grantType?: string;
      deviceCode?: string;
      clientId?: string;
    }): Promise<TokenOutcome> {
      if (request.grantType !== DEVICE_CODE_GRANT) return refused('unsupported_grant_type');
      if (request.clientId !== CLIENT_ID) return refused('invalid_client');
      const deviceCode = request.deviceCode;
      if (!deviceCode) return refused('invalid_request');
      return db.transaction(async (tx): Promise<TokenOutcome> => {
        const now = clock();
        const found = await lockByDeviceCode(tx, hashOf(deviceCode));
        if (!found || found.status === 'CONSUMED') return refused('invalid_grant');
        if (found.expiresAt <= now) return refused('expired_token');
        if (found.status === 'DENIED') return refused('access_denied');
        const tooSoon =
          found.lastPolledAt !== null &&
          now.getTime() - found.lastPolledAt.getTime() < found.intervalSeconds * 1000;
        if (tooSoon) {
          await updateDeviceAuthorization(tx, found.id, {
            lastPolledAt: now,
            intervalSeconds: Math.min(found.intervalSeconds + SLOW_DOWN_STEP_SECONDS, MAX_INTERVAL_SECONDS),
          });
          return refused('slow_down');
        }
        if (found.status === 'PENDING' || found.userId === null) {
          await updateDeviceAuthorization(tx, found.id, { lastPolledAt: now });
          return refused('authorization_pending');
        }
        const issued = await tokens.issue(tx, found.userId, found.clientName);
        await updateDeviceAuthorization(tx, found.id, {
          status: 'CONSUMED',
          lastPolledAt: now,
          clientTokenId: issued.id,
        });
        return {
          ok: true,
          body: { access_token: issued.token, token_type: 'Bearer', scope: 'client', user_id: found.userId },
        };
      });
    },

    /** What the website's /device page shows before the user approves. */
    async find(principal: Principal, typed: string): Promise<DeviceAuthorizationResponse> {
      authorize(principal, 'device:approve');
      const userCode = normalizeUserCode(typed);
      const found = userCode ? await findPendingByUserCode(db, userCode, clock()) : null;
      if (!found) throw new NotFound(DEVICE_CODE_INVALID_MESSAGE);
      return {
        userCode: formatUserCode(found.userCode),
        clientName: found.clientName,
        createdAt: found.createdAt.toISOString(),
        requestedFrom: found.requestedFrom,
        expiresAt: found.expiresAt.toISOString(),
      };
    },

    async decide(principal: Principal, typed: string, approve: boolean) {
      authorize(principal, 'device:approve');
      const userCode = normalizeUserCode(typed);
      const decided =
        userCode !== null &&
        (await decidePending(
          db,
          userCode,
          { status: approve ? 'APPROVED' : 'DENIED', userId: principal.userId },
          clock(),
        ));
      if (!decided) throw new NotFound(DEVICE_CODE_INVALID_MESSAGE);
      return { message: approve ? DEVICE_APPROVED_MESSAGE : DEVICE_DENIED_MESSAGE };
    },

    /** The hourly sweep: requests expired for more than a day are deleted. */
    deleteExpired(): Promise<number> {
      return deleteExpiredBefore(db, new Date(clock().getTime() - KEEP_EXPIRED_MS));
    },
  };
}

export type DeviceAuthorizations = ReturnType<typeof createDeviceAuthorizations>;
