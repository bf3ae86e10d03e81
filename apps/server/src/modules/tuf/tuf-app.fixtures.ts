import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { plugins, repositories } from '@ember/db/schema/delivery';
import { eq } from 'drizzle-orm';
import { createEmberClient } from '../../../../client/src/ember-client.ts';
import { createStateStore } from '../../../../client/src/state-store.ts';
import type { TestContext } from '../../../test-support/test-app.ts';
import { CLIENT_BASE, signInClient } from '../client-api/client-api.fixtures.ts';
import type { TufRepository } from './tuf-repository.service.ts';

// The TUF tests' builders that need the test app (its database, its client sign-in); the app-free
// ones are in tuf.fixtures.ts, which the e2e tests import too.

/**
 * The customer's installation of the reference client, signed in (`ember login`) in a fresh state
 * folder, against the test app listening at `origin` and trusting `root`. Download links name the
 * configured PUBLIC_URL; they are fetched from `origin`. `start` makes it again on the same folder,
 * as a fresh process of the same installation.
 */
export async function customerClient(ctx: TestContext, origin: string, root: string, folderPrefix: string) {
  const store = createStateStore(await mkdtemp(path.join(tmpdir(), folderPrefix)));
  const { authorization } = await signInClient(ctx, 'customer');
  await store.save({ ...(await store.load()), token: authorization.slice('Bearer '.length) });
  const start = () =>
    createEmberClient({
      store,
      server: origin,
      base: CLIENT_BASE,
      trust: { root },
      fetch: (url, init) => fetch(String(url).replace(ctx.env.PUBLIC_URL, origin), init),
    });
  return { client: start(), start };
}

/** The first plugin of the customer's manifest, with the id of the developer who owns it. */
export async function customersFirstPlugin(ctx: TestContext) {
  const { authorization } = await signInClient(ctx, 'customer');
  const manifest = (
    await ctx.app.inject({ url: `${CLIENT_BASE}/manifest`, headers: { authorization } })
  ).json();
  const first = manifest.signed.plugins[0];
  const [row] = await ctx.database.db
    .select({ ownerId: repositories.ownerId })
    .from(plugins)
    .innerJoin(repositories, eq(repositories.id, plugins.repositoryId))
    .where(eq(plugins.id, first.id));
  return { first, ownerId: row?.ownerId ?? 0 };
}

/**
 * A developer's release published as the store does: their signed role (`body`) checked and
 * published, the plugin's target pointed at `target`, and the repository's metadata signed again.
 */
export async function publishRelease(
  ctx: TestContext,
  repository: TufRepository,
  release: { developerId: number; pluginId: number; target: string; body: string },
) {
  const checked = await repository.checkDeveloperRole(release.developerId, release.body);
  await repository.publishRole(checked.role, checked.metadata, release.body);
  await ctx.database.db
    .update(plugins)
    .set({ tufTarget: release.target })
    .where(eq(plugins.id, release.pluginId));
  await repository.refresh();
}
