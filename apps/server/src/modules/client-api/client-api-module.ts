import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import type { ClientSessions } from '../sessions/index.ts';
import { clientApiJobs } from './client-api.jobs.ts';
import { clientApiRoutes } from './client-api.routes.ts';
import { createClientApiServices } from './client-api-services.ts';
import { type DemoPlugin, giveDemoArtifacts } from './demo-artifacts.ts';
import { deviceApprovalRoutes } from './device-approval.routes.ts';
import { createDeviceCodeAttempts } from './device-code-attempts.ts';
import type { ManifestSigner } from './manifest-keys.ts';

/** The game-client API (client base, docs/client-api.md, decision 0026) and its device approval (shop base). */
export async function clientApiModule(
  { env, db, clock, blobs, counters, log, onClose }: ModuleContext,
  ports: {
    clientSessions: ClientSessions;
    signer: ManifestSigner;
    /** Signs the seeded demo plugins' releases on the local trust and names their targets (decision 0064). */
    publishDemoReleases: (plugins: DemoPlugin[]) => Promise<void>;
  },
) {
  if (env.NODE_ENV !== 'production' && env.SEED_ON_EMPTY) {
    // The demo plugins verify through TUF like released ones.
    await ports.publishDemoReleases(await giveDemoArtifacts(db, blobs));
  }
  const client = await createClientApiServices({
    db,
    clock,
    publicUrl: env.PUBLIC_URL,
    clientApiUrl: `${env.PUBLIC_URL}${env.API_CLIENT_BASE}`,
    downloadSecret: env.JWT_SECRET,
    signer: ports.signer,
    blobs,
    manifestTtlSeconds: env.MANIFEST_TTL_SECONDS,
    downloadTtlSeconds: env.DOWNLOAD_URL_TTL_SECONDS,
    standingFeed: { databaseUrl: env.DATABASE_URL, listen: env.SERVICES.includes('api') },
    log,
  });
  onClose(() => client.close());
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(clientApiRoutes, {
      prefix: env.API_CLIENT_BASE,
      tokens: client.tokens,
      devices: client.devices,
      manifests: client.manifests,
      downloads: client.downloads,
      sessions: ports.clientSessions,
    });
    await app.register(deviceApprovalRoutes, {
      prefix: env.API_SHOP_BASE,
      devices: client.devices,
      tokens: client.tokens,
      attempts: createDeviceCodeAttempts({ store: counters }),
    });
  };
  return {
    name: 'client-api',
    plugin,
    jobs: clientApiJobs({ deleteExpiredDeviceCodes: () => client.devices.deleteExpired() }).all,
    ports: { tokens: client.tokens },
  };
}
