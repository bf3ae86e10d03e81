import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { tufRoutes } from './tuf.routes.ts';
import type { ActiveSigningKeys } from './tuf-repository.service.ts';
import { createTufServices } from './tuf-services.ts';

/** The TUF repository the game client updates from (client base, docs/trust.md). */
export async function tufModule(
  { env, db, clock }: ModuleContext,
  ports: {
    /** A developer's release verifies only under the keys they still have registered (decision 0053). */
    activeSigningKeys: ActiveSigningKeys;
  },
) {
  const tuf = await createTufServices({ env, db, clock, ...ports });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(tufRoutes, { prefix: env.API_CLIENT_BASE, repository: tuf.repository });
  };
  return { name: 'tuf', plugin, jobs: tuf.jobs.all, ports: { repository: tuf.repository } };
}
