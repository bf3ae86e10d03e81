import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import type { JobQueue } from '../jobs/index.ts';
import { approvalsRoutes } from './approvals.routes.ts';
import { clientReleasesRoutes } from './client-releases.routes.ts';
import { deliveryRoutes } from './delivery.routes.ts';
import { createDeliveryServices } from './delivery-services.ts';
import { pluginMediaRoutes } from './plugin-media.routes.ts';
import { repoUpdatesRoutes } from './repo-updates.routes.ts';

type DeliveryPorts = Pick<Parameters<typeof createDeliveryServices>[0], 'tuf' | 'notify'> & {
  /** The app's job queue, read when an update is asked for (it is built after the modules). */
  jobs: () => Pick<JobQueue, 'send'>;
};

/** Plugin repositories, their updates and approvals, media and client releases (shop base; media at the root). */
export function deliveryModule({ env, db, clock, blobs, caches }: ModuleContext, ports: DeliveryPorts) {
  const delivery = createDeliveryServices({
    db,
    clock,
    env,
    blobs,
    enqueue: (payload) => ports.jobs().send(delivery.jobs.repoUpdate, payload),
    caches,
    tuf: ports.tuf,
    notify: ports.notify,
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    const prefix = env.API_SHOP_BASE;
    await app.register(deliveryRoutes, {
      prefix,
      repositories: delivery.repositories,
      pluginLinks: delivery.pluginLinks,
    });
    await app.register(pluginMediaRoutes, { db, blobs });
    await app.register(repoUpdatesRoutes, { prefix, repoUpdates: delivery.repoUpdates });
    await app.register(approvalsRoutes, {
      prefix,
      approvals: delivery.approvals,
      maxJarBytes: env.APPROVED_JAR_MAX_BYTES,
    });
    await app.register(clientReleasesRoutes, { prefix, releases: delivery.releases });
  };
  return { name: 'delivery', plugin, jobs: delivery.jobs.all, ports: { releases: delivery.releases } };
}
