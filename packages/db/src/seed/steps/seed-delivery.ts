import { createHash } from 'node:crypto';
import { DEMO_USER_IDS } from '../../demo/demo-accounts.ts';
import { demoArtifactBytes } from '../../demo/demo-artifacts.ts';
import {
  approvedJars,
  approvedRepos,
  clientReleases,
  plugins,
  pluginVersions,
  repositories,
  repoUpdates,
} from '../../schema/delivery.ts';
import { REPOSITORY_SEEDS } from '../data/repositories.ts';
import { makePlugin, makeRepository } from '../factories.ts';
import type { SeedContext } from '../seed-context.ts';
import { sha256Of } from '../stable-ids.ts';
import { addDays, addMinutes } from '../time.ts';

export async function seedDelivery({ db, now }: SeedContext): Promise<void> {
  await db.insert(repositories).values(
    REPOSITORY_SEEDS.map((repo) =>
      makeRepository({
        id: repo.id,
        ownerId: repo.ownerId,
        url: repo.url,
        accessToken: `ghp_demo${sha256Of(repo.url).slice(0, 28)}`,
        obfuscation: repo.obfuscation,
        obfuscatorConfig: repo.obfuscatorConfig ?? null,
        storm2: repo.storm2 ?? false,
        createdAt: addDays(now, -300 + repo.id * 10),
      }),
    ),
  );

  const seededPlugins = await db
    .insert(plugins)
    .values(
      REPOSITORY_SEEDS.flatMap((repo) =>
        repo.plugins.map((plugin) => {
          const artifact = demoArtifactBytes(plugin.name, plugin.version);
          return makePlugin({
            ...plugin,
            repositoryId: repo.id,
            artifactSha256: createHash('sha256').update(artifact).digest('hex'),
            artifactSize: artifact.byteLength,
          });
        }),
      ),
    )
    .returning();
  await db.insert(pluginVersions).values(
    seededPlugins.map((plugin) => ({
      pluginId: plugin.id,
      version: plugin.version,
      artifactSha256: plugin.artifactSha256 ?? sha256Of(plugin.name),
      artifactSize: plugin.artifactSize ?? 0,
      createdAt: addDays(now, -30),
    })),
  );

  await db.insert(approvedRepos).values([
    {
      owner: 'ember-client',
      name: 'plugin-api',
      url: 'https://github.com/ember-client/plugin-api',
      approvedById: DEMO_USER_IDS.admin,
    },
    {
      owner: 'mossforge',
      name: 'pathing-utils',
      url: 'https://github.com/mossforge/pathing-utils',
      approvedById: DEMO_USER_IDS.owner,
    },
  ]);

  await db.insert(approvedJars).values(
    [
      { fileName: 'gson-2.11.0.jar', sizeBytes: 290_000 },
      { fileName: 'commons-lang3-3.17.0.jar', sizeBytes: 673_000 },
    ].map((jar) => ({ ...jar, sha256: sha256Of(jar.fileName), approvedById: DEMO_USER_IDS.admin })),
  );

  // A classpath build only: a seeded loader would turn the demo's download addresses to a version
  // nobody published (the loader is published by an admin's "update loader").
  await db.insert(clientReleases).values({
    kind: 'CLASSPATH',
    version: '2026.11.1',
    sha256: sha256Of('ember-classpath-2026.11.1.jar'),
    sizeBytes: 18_300_000,
    publishedById: DEMO_USER_IDS.admin,
    createdAt: addDays(now, -6),
  });

  // Every seeded update has ended: nothing runs them, and an unfinished one would keep the repository
  // page polling forever (issue 32). Queued and running updates appear once someone checks for updates.
  const finished = (daysAgo: number, minutes: number) => ({
    createdAt: addDays(now, -daysAgo),
    startedAt: addDays(now, -daysAgo),
    finishedAt: addMinutes(addDays(now, -daysAgo), minutes),
  });
  const versionsOf = (repositoryId: number) => {
    const repo = REPOSITORY_SEEDS.find((seed) => seed.id === repositoryId);
    return {
      publishedPlugins: repo?.plugins.length ?? 0,
      publishedVersions: [...new Set(repo?.plugins.map((plugin) => plugin.version))],
    };
  };
  await db.insert(repoUpdates).values([
    {
      repositoryId: 2,
      reason: 'New release 3.2.0',
      status: 'DONE',
      requestedById: DEMO_USER_IDS.mossforge,
      commitSha: sha256Of('mossforge 3.2.0').slice(0, 40),
      outcome: 'PUBLISHED',
      ...versionsOf(2),
      ...finished(2, 3),
    },
    {
      repositoryId: 3,
      reason: 'Fix fletching interface change',
      status: 'FAILED',
      requestedById: DEMO_USER_IDS.ironbark,
      commitSha: sha256Of('ironbark fletching fix').slice(0, 40),
      error: 'Gem Crafter: its artifact build/libs/gem-crafter.jar is not in the repository.',
      ...finished(1, 1),
    },
    {
      repositoryId: 1,
      reason: 'Weekly game update',
      status: 'DONE',
      force: true,
      requestedById: DEMO_USER_IDS.owner,
      commitSha: sha256Of('ember weekly game update').slice(0, 40),
      outcome: 'PUBLISHED',
      ...versionsOf(1),
      ...finished(3, 2),
    },
    {
      repositoryId: 1,
      reason: 'Checked for updates on the repository page',
      status: 'DONE',
      requestedById: DEMO_USER_IDS.owner,
      commitSha: sha256Of('ember weekly game update').slice(0, 40),
      outcome: 'UNCHANGED',
      ...finished(1, 1),
    },
    {
      repositoryId: 5,
      reason: 'Raid Assistant 2.0.2',
      status: 'DONE',
      requestedById: DEMO_USER_IDS.premium,
      commitSha: sha256Of('raid assistant 2.0.2').slice(0, 40),
      outcome: 'PUBLISHED',
      ...versionsOf(5),
      ...finished(0.1, 2),
    },
    {
      repositoryId: 6,
      reason: 'First next-gen build',
      status: 'FAILED',
      flush: true,
      requestedById: DEMO_USER_IDS.premium,
      commitSha: sha256Of('first next-gen build').slice(0, 40),
      error: 'plugins.json is not valid JSON: line 4, column 7: a comma expected.',
      ...finished(0.05, 1),
    },
  ]);
}
