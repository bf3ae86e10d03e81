import {
  developerRoleName,
  parseMetadata,
  pluginTargetPath,
  signMetadata,
  TUF_SPEC_VERSION,
} from '@ember/contracts/tuf';
import type { Targets } from '@tufjs/models';
import type { Db } from './db.ts';
import type { DeveloperDelegation, LocalTrust } from './local-trust.ts';
import { latestMetadata } from './tuf-metadata.repository.ts';
import type { TufRepository } from './tuf-repository.service.ts';

interface DemoPlugin {
  id: number;
  developerId: number;
  name: string;
  version: string;
  sha256: string;
  size: number;
}

/**
 * The seeded demo plugins, released as their developers would (decision 0064): each demo
 * developer's role lists their demo jars, signed by that developer's demo key of this installation,
 * which the local trust's targets delegates `plugins/{developerId}/*` to. A role that lists them
 * already is left as it is, so a restart signs nothing new. Gives each plugin's target path.
 */
export async function signDemoReleases(deps: {
  plugins: DemoPlugin[];
  local: LocalTrust;
  repository: TufRepository;
  db: Db;
  clock: () => Date;
  registered: () => Promise<DeveloperDelegation[]>;
}): Promise<Map<number, string>> {
  const byDeveloper = new Map<number, DemoPlugin[]>();
  for (const plugin of deps.plugins) {
    byDeveloper.set(plugin.developerId, [...(byDeveloper.get(plugin.developerId) ?? []), plugin]);
  }
  const targetOf = (plugin: DemoPlugin) => pluginTargetPath(plugin.developerId, plugin.name, plugin.version);
  await deps.local.syncTargets(await deps.registered(), [...byDeveloper.keys()]);
  await deps.repository.importSigned();
  for (const [developerId, plugins] of byDeveloper) {
    const role = developerRoleName(developerId);
    const published = await latestMetadata(deps.db, role);
    const listed = published
      ? ((parseMetadata('targets', JSON.parse(published.body)).signed as Targets).toJSON().targets as Record<
          string,
          { length: number; hashes: { sha256: string } }
        >)
      : {};
    const missing = plugins.filter((plugin) => listed[targetOf(plugin)]?.hashes.sha256 !== plugin.sha256);
    if (missing.length === 0) continue;
    for (const plugin of missing) {
      listed[targetOf(plugin)] = { length: plugin.size, hashes: { sha256: plugin.sha256 } };
    }
    const metadata = parseMetadata('targets', {
      signed: {
        _type: 'targets',
        spec_version: TUF_SPEC_VERSION,
        version: (published?.version ?? 0) + 1,
        expires: new Date(deps.clock().getTime() + 365 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        targets: listed,
      },
      signatures: [],
    });
    signMetadata(metadata, deps.local.demoKeyOf(developerId));
    await deps.repository.publishRole(role, metadata, JSON.stringify(metadata.toJSON()));
  }
  await deps.repository.refresh();
  return new Map(deps.plugins.map((plugin) => [plugin.id, targetOf(plugin)]));
}
