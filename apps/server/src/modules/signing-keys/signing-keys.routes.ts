import {
  registerSigningKeyBody,
  signingKeyIdParams,
  signingKeyResponse,
  signingKeysResponse,
} from '@ember/contracts/signing-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { SigningKeysService } from './signing-keys.service.ts';

const tags = ['signing keys'];
const security = [{ bearer: [] }];

/** Shop base: the caller's release-signing keys (issue 32). */
export const signingKeysRoutes: FastifyPluginAsyncZod<{ signingKeys: SigningKeysService }> = async (
  app,
  { signingKeys },
) => {
  app.get(
    '/developer/signing-keys',
    {
      config: { access: routeAccess('signing-key:read') },
      schema: {
        tags,
        summary: "The caller's signing keys, revoked ones included, newest first",
        security,
        response: { 200: signingKeysResponse },
      },
    },
    (request) => signingKeys.list(requirePrincipal(request)),
  );

  app.post(
    '/developer/signing-keys',
    {
      config: { access: routeAccess('signing-key:create') },
      schema: {
        tags,
        summary: 'Register an Ed25519 public key (hex, base64, OpenSSH or minisign) that signs your releases',
        security,
        body: registerSigningKeyBody,
        response: { 201: signingKeyResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await signingKeys.register(callerOf(request), request.body)),
  );

  app.delete(
    '/developer/signing-keys/:id',
    {
      config: { access: routeAccess('signing-key:revoke') },
      schema: {
        tags,
        summary: 'Revoke a signing key: releases are no longer trusted by it (its developer or an admin)',
        security,
        params: signingKeyIdParams,
      },
    },
    async (request, reply) => {
      await signingKeys.revoke(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
