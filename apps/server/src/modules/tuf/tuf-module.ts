import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import type { DeveloperDelegation } from './local-trust.ts';
import { tufRoutes } from './tuf.routes.ts';
import type { ActiveSigningKeys } from './tuf-repository.service.ts';
import { createTufServices } from './tuf-services.ts';

/** The TUF repository the game client updates from (client base, docs/trust.md). */
export async function tufModule(
  { env, db, clock, log }: ModuleContext,
  ports: {
    /** A developer's release verifies only under the keys they still have registered (decision 0053). */
    activeSigningKeys: ActiveSigningKeys;
    /** Every developer's registered keys: a local trust delegates to them as an operator would. */
    registeredKeys: () => Promise<DeveloperDelegation[]>;
    /** The public keys (hex) the per-user manifest is signed with: a local root names them. */
    manifestKeysHex: string[];
  },
) {
  const tuf = await createTufServices({ env, db, clock, ...ports });
  if (tuf.local) {
    log.info(
      `TUF: a local trust of this server (decision 0064); start clients with --trust-root ${tuf.local.rootFile}`,
    );
  }
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(tufRoutes, { prefix: env.API_CLIENT_BASE, repository: tuf.repository });
  };
  return {
    name: 'tuf',
    plugin,
    jobs: tuf.jobs.all,
    ports: { repository: tuf.repository, signDemoReleases: tuf.signDemoReleases },
  };
}
