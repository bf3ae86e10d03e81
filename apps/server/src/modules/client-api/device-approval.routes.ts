import {
  clientTokenIdParams,
  clientTokensResponse,
  deviceAuthorizationResponse,
  messageResponse,
  userCodeParams,
} from '@ember/contracts/client-api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { Principal } from '../../policy/identity.ts';
import type { ClientTokens } from './client-tokens.service.ts';
import type { DeviceAuthorizations } from './device-authorizations.service.ts';
import type { DeviceCodeAttempts } from './device-code-attempts.ts';

/** Shop base: the website's side of client sign-in (the /device page and the account's client list). */
export const deviceApprovalRoutes: FastifyPluginAsyncZod<{
  devices: DeviceAuthorizations;
  tokens: ClientTokens;
  attempts: DeviceCodeAttempts;
}> = async (app, { devices, tokens, attempts }) => {
  const route = declareRoutes(app, { tags: ['client'] });

  /** Codes that were not valid are counted per account and per address (RFC 8628 §5.1). */
  const counted = <T>(request: FastifyRequest, attempt: (principal: Principal) => Promise<T>) => {
    const principal = requirePrincipal(request);
    return attempts.limit({ userId: principal.userId, ip: request.ip }, () => attempt(principal));
  };

  route.get(
    '/device-authorizations/:userCode',
    {
      action: 'device:approve',
      summary: 'Which client asks to sign in with this user code (any case, dash optional)',
      params: userCodeParams,
      response: { 200: deviceAuthorizationResponse },
    },
    (request) => counted(request, (principal) => devices.find(principal, request.params.userCode)),
  );

  for (const [verb, approve] of [
    ['approve', true],
    ['deny', false],
  ] as const) {
    route.post(
      `/device-authorizations/:userCode/${verb}`,
      {
        action: 'device:approve',
        summary: approve
          ? 'Approve a client sign-in: the client gets a token for the caller'
          : 'Deny a client sign-in',
        params: userCodeParams,
        response: { 200: messageResponse },
      },
      (request) =>
        counted(request, (principal) => devices.decide(principal, request.params.userCode, approve)),
    );
  }

  route.get(
    '/client-tokens',
    {
      action: 'client-token:read',
      summary: "The caller's signed-in game clients (revoked ones are not listed)",
      response: { 200: clientTokensResponse },
    },
    (request) => tokens.listOf(requirePrincipal(request)),
  );

  route.delete(
    '/client-tokens/:id',
    {
      action: 'client-token:revoke',
      summary: 'Sign a game client out: its token stops working on its next call',
      params: clientTokenIdParams,
      response: { 200: messageResponse },
    },
    (request) => tokens.revoke(requirePrincipal(request), request.params.id),
  );
};
