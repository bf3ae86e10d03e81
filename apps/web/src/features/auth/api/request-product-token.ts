import { LOGIN_FAILED_MESSAGE, SESSION_EXPIRED_MESSAGE } from '@ember/contracts/errors';
import type { CurrentUser } from '@ember/contracts/identity';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { identityContracts } from '../../../lib/identity-contracts.ts';

export interface ProductSession {
  /** The product JWT: kept in memory only, sent as the bearer token of every API call. */
  jwt: string;
  user: CurrentUser;
}

const bearerValue = (header: string | null) => header?.replace(/^Bearer\s+/i, '').trim() || null;

/**
 * POST identity /token: the chat-platform token in (Authorization), the product JWT out (response
 * header Authorization) with the user in the body. X-Discord-Member tells whether the user is in
 * the chat server.
 */
export async function requestProductToken(chatToken: string | null): Promise<ProductSession> {
  if (!chatToken) throw new ApiError(401, SESSION_EXPIRED_MESSAGE);
  const { data: user, headers } = await apiRequest(
    'identity',
    '/token',
    identityContracts().then((c) => c.currentUserResponse),
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${chatToken}` },
      anonymous: true,
    },
  );
  if (headers.get('x-discord-member') === 'false') throw new ApiError(403, LOGIN_FAILED_MESSAGE);
  const jwt = bearerValue(headers.get('authorization'));
  if (!jwt) throw new ApiError(502, 'The sign-in answer was incomplete. Please try again.');
  return { jwt, user };
}
