import {
  clientTokenIdParams,
  clientTokensResponse,
  deviceAuthorizationResponse,
  messageResponse,
  userCodeParams,
} from '@ember/contracts/client-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { ClientTokens } from './client-tokens.service.ts';
import type { DeviceAuthorizations } from './device-authorizations.service.ts';

const tags = ['client'];
const security = [{ bearer: [] }];

/** Shop base: the website's side of client sign-in (the /device page and the account's client list). */
export const deviceApprovalRoutes: FastifyPluginAsyncZod<{
  devices: DeviceAuthorizations;
  tokens: ClientTokens;
}> = async (app, { devices, tokens }) => {
  app.get(
    '/device-authorizations/:userCode',
    {
      config: { access: routeAccess('device:approve') },
      schema: {
        tags,
        summary: 'Which client asks to sign in with this user code (any case, dash optional)',
        security,
        params: userCodeParams,
        response: { 200: deviceAuthorizationResponse },
      },
    },
    (request) => devices.find(requirePrincipal(request), request.params.userCode),
  );

  for (const [verb, approve] of [
    ['approve', true],
    ['deny', false],
  ] as const) {
    app.post(
      `/device-authorizations/:userCode/${verb}`,
      {
        config: { access: routeAccess('device:approve') },
        schema: {
          tags,
          summary: approve
            ? 'Approve a client sign-in: the client gets a token for the caller'
            : 'Deny a client sign-in',
          security,
          params: userCodeParams,
          response: { 200: messageResponse },
        },
      },
      (request) => devices.decide(requirePrincipal(request), request.params.userCode, approve),
    );
  }

  app.get(
    '/client-tokens',
    {
      config: { access: routeAccess('client-token:read') },
      schema: {
        tags,
        summary: "The caller's signed-in game clients (revoked ones are not listed)",
        security,
        response: { 200: clientTokensResponse },
      },
    },
    (request) => tokens.listOf(requirePrincipal(request)),
  );

  app.delete(
    '/client-tokens/:id',
    {
      config: { access: routeAccess('client-token:revoke') },
      schema: {
        tags,
        summary: 'Sign a game client out: its token stops working on its next call',
        security,
        params: clientTokenIdParams,
        response: { 200: messageResponse },
      },
    },
    (request) => tokens.revoke(requirePrincipal(request), request.params.id),
  );
};
