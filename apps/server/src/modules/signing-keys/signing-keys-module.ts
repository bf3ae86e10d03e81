import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { signingKeysRoutes } from './signing-keys.routes.ts';
import { createSigningKeysService } from './signing-keys.service.ts';

/** The developers' release-signing keys (shop base, decision 0053). */
export function signingKeysModule({ env, db, clock }: ModuleContext) {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(signingKeysRoutes, {
      prefix: env.API_SHOP_BASE,
      signingKeys: createSigningKeysService({ db, clock }),
    });
  };
  return { name: 'signing-keys', plugin, ports: {} };
}
