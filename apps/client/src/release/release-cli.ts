import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  dependencyTargetPath,
  ed25519PrivateKey,
  parseMetadata,
  pluginTargetPath,
  signMetadata,
  TUF_SPEC_VERSION,
} from '@ember/contracts/tuf';

// `npm run release -- sign --developer <id> --key <key>` (ember-release, docs/plugins-json.md): signs
// a release on the developer's machine. It reads plugins.json, hashes each plugin's jar and bundled jars and writes
// plugins.targets.json beside it: the developer's TUF role, signed with their private key (PKCS8 PEM,
// or the JWK the store's key page downloads). Commit both; the store publishes the file verbatim.

const USAGE = `Usage: npm run release -- sign --developer <your user id> --key <private key file> [--repo <dir>] [--expires-days <n>]`;

export const RELEASE_FILE = 'plugins.targets.json';

export async function signRelease(options: {
  repo: string;
  developerId: number;
  keyText: string;
  now?: Date;
  expiresDays?: number;
}) {
  const now = options.now ?? new Date();
  const manifest = JSON.parse(await readFile(path.join(options.repo, 'plugins.json'), 'utf8')) as {
    plugins: { name: string; version: string; artifact: string; dependencies?: string[] }[];
  };
  const targets: Record<string, { length: number; hashes: { sha256: string } }> = {};
  const fileInfo = async (file: string) => {
    const bytes = await readFile(path.join(options.repo, file));
    return { length: bytes.length, hashes: { sha256: createHash('sha256').update(bytes).digest('hex') } };
  };
  for (const plugin of manifest.plugins) {
    targets[pluginTargetPath(options.developerId, plugin.name, plugin.version)] = await fileInfo(
      plugin.artifact,
    );
    // The bundled jars are the developer's to vouch for too: the client loads them with the plugin.
    for (const dependency of plugin.dependencies ?? []) {
      const info = await fileInfo(dependency);
      targets[dependencyTargetPath(options.developerId, dependency, info.hashes.sha256)] = info;
    }
  }
  const expires = new Date(now.getTime() + (options.expiresDays ?? 365) * 86_400_000);
  const metadata = parseMetadata('targets', {
    signed: {
      _type: 'targets',
      spec_version: TUF_SPEC_VERSION,
      // Seconds since 1970: each release signed later has a higher version, with no counter to keep.
      version: Math.floor(now.getTime() / 1000),
      expires: expires.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      targets,
    },
    signatures: [],
  });
  signMetadata(metadata, ed25519PrivateKey(options.keyText));
  const file = path.join(options.repo, RELEASE_FILE);
  await writeFile(file, `${JSON.stringify(metadata.toJSON(), null, 2)}\n`);
  return { file, targets: Object.keys(targets) };
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      developer: { type: 'string' },
      key: { type: 'string' },
      repo: { type: 'string', default: '.' },
      'expires-days': { type: 'string', default: '365' },
    },
  });
  const developerId = Number(values.developer);
  if (command !== 'sign' || !Number.isSafeInteger(developerId) || developerId <= 0 || !values.key) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const signed = await signRelease({
    repo: values.repo,
    developerId,
    keyText: await readFile(values.key, 'utf8'),
    expiresDays: Number(values['expires-days']),
  });
  process.stdout.write(`${signed.file}: signed ${signed.targets.join(', ')}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
