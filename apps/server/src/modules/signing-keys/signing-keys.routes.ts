import {
  registerSigningKeyBody,
  signingKeyIdParams,
  signingKeyResponse,
  signingKeysResponse,
} from '@ember/contracts/signing-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created, noContent } from '../../plugins/route-replies.ts';
import type { SigningKeysService } from './signing-keys.service.ts';

/** Shop base: the caller's release-signing keys (issue 32). */
export const signingKeysRoutes: FastifyPluginAsyncZod<{ signingKeys: SigningKeysService }> = async (
  app,
  { signingKeys },
) => {
  const route = declareRoutes(app, { tags: ['signing keys'] });

  route.get(
    '/developer/signing-keys',
    {
      action: 'signing-key:read',
      summary: "The caller's signing keys, revoked ones included, newest first",
      response: { 200: signingKeysResponse },
    },
    (request) => signingKeys.list(requirePrincipal(request)),
  );

  route.post(
    '/developer/signing-keys',
    {
      action: 'signing-key:create',
      summary: 'Register an Ed25519 public key (hex, base64, OpenSSH or minisign) that signs your releases',
      body: registerSigningKeyBody,
      response: { 201: signingKeyResponse },
    },
    created((request) => signingKeys.register(callerOf(request), request.body)),
  );

  route.delete(
    '/developer/signing-keys/:id',
    {
      action: 'signing-key:revoke',
      summary: 'Revoke a signing key: releases are no longer trusted by it (its developer or an admin)',
      params: signingKeyIdParams,
    },
    noContent((request) => signingKeys.revoke(callerOf(request), request.params.id)),
  );
};
