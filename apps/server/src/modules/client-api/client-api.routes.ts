import {
  blobParams,
  blobQuery,
  deviceCodeBody,
  deviceCodeResponse,
  downloadBody,
  downloadResponse,
  manifestKeysResponse,
  manifestResponse,
  TOKEN_ERRORS,
  tokenBody,
  tokenResponse,
} from '@ember/contracts/client-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { ClientSessions } from '../sessions/index.ts';
import { authenticateClientTokens } from './client-auth.ts';
import { clientSessionsRoutes } from './client-sessions.routes.ts';
import type { ClientTokens } from './client-tokens.service.ts';
import type { DeviceAuthorizations } from './device-authorizations.service.ts';
import type { Downloads } from './downloads.service.ts';
import { acceptFormBodies } from './form-body.ts';
import type { Manifests } from './manifest.service.ts';

/** RFC 8628 answers carry `error`; a body the schema refuses is answered with `message` alone. */
const oauthError = z.object({ error: z.enum(TOKEN_ERRORS).optional(), message: z.string() });

/** The game-client API (API_CLIENT_BASE, docs/client-api.md): its own body parser and token check. */
export const clientApiRoutes: FastifyPluginAsyncZod<{
  tokens: ClientTokens;
  devices: DeviceAuthorizations;
  manifests: Manifests;
  downloads: Downloads;
  sessions: ClientSessions;
}> = async (app, { tokens, devices, manifests, downloads, sessions }) => {
  const route = declareRoutes(app, { tags: ['client'] });

  acceptFormBodies(app);
  authenticateClientTokens(app, tokens);

  route.post(
    '/device/code',
    {
      access: 'public',
      limit: 'sign-in',
      summary: 'Start a device sign-in (RFC 8628): a device code for the client, a user code for the website',
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      body: deviceCodeBody,
      response: { 200: deviceCodeResponse, 400: oauthError },
    },
    async (request, reply) => {
      const started = await devices.start({
        clientId: request.body.client_id,
        clientName: request.body.client_name,
        address: request.ip,
      });
      if (started) return started;
      return reply
        .status(400)
        .send({ error: 'invalid_client', message: 'Unknown client: the client id must be ember-client.' });
    },
  );

  route.post(
    '/token',
    {
      access: 'public',
      limit: 'sign-in',
      summary: 'Poll for the client token (RFC 8628 device grant); given once, after approval',
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      body: tokenBody,
      response: { 200: tokenResponse, 400: oauthError },
    },
    async (request, reply) => {
      const outcome = await devices.poll({
        grantType: request.body.grant_type,
        deviceCode: request.body.device_code,
        clientId: request.body.client_id,
      });
      reply.header('cache-control', 'no-store');
      if (outcome.ok) return outcome.body;
      return reply.status(400).send({ error: outcome.error, message: outcome.message });
    },
  );

  route.get(
    '/keys',
    {
      access: 'public',
      summary: 'The Ed25519 keys manifests are signed with: the current one and the next, published ahead',
      response: { 200: manifestKeysResponse },
    },
    () => manifests.keys(),
  );

  route.get(
    '/manifest',
    {
      access: 'client',
      summary: 'The signed manifest of the plugins the caller may run now',
      response: { 200: manifestResponse },
    },
    (request) => manifests.issue(requirePrincipal(request)),
  );

  route.post(
    '/downloads',
    {
      access: 'client',
      summary: "A short-lived download URL for a plugin in the caller's manifest",
      body: downloadBody,
      response: { 200: downloadResponse },
    },
    (request) => downloads.create(requirePrincipal(request), request.body.pluginId),
  );

  route.get(
    '/blobs/:sha256',
    {
      access: 'public',
      summary: 'The bytes behind a signed download URL (no token: the signature is the permission)',
      params: blobParams,
      querystring: blobQuery,
    },
    async (request, reply) => {
      const bytes = await downloads.bytes(request.params.sha256, request.query);
      return reply
        .header('content-type', 'application/java-archive')
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  route.get(
    '/tuf/targets/*',
    {
      access: 'client',
      summary:
        "A TUF target by its hash-prefixed path (consistent snapshots): a jar of the caller's manifest",
      params: z.object({ '*': z.string().max(500) }),
    },
    async (request, reply) => {
      const bytes = await downloads.targetBytes(requirePrincipal(request), request.params['*']);
      return reply
        .header('content-type', 'application/java-archive')
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  await app.register(clientSessionsRoutes, { sessions });
};
