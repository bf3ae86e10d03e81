import { generateKeyPairSync } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  buildRoot,
  buildTopLevelTargets,
  ed25519Key,
  ed25519PrivateKey,
  parseMetadata,
  publicKeyHexOf,
  signMetadata,
} from '@ember/contracts/tuf';

// `npm run trust -- <command>`: the operator's offline side of the store's TUF repository
// (docs/trust.md). Every step writes a file; the next signer adds a signature to it on their own
// machine; only the signed files go to the server (TUF_SIGNED_DIR). No command talks to the network.

const USAGE = `Usage: npm run trust -- <command> [options]
  keygen --out <key.pem>                       a new Ed25519 key (PKCS8 PEM, mode 0600); prints its public key and key id
  root --version <n> --expires <iso> --out <n.root.json> --threshold <t>
       --root <key> (repeat) --targets <key> --snapshot <key> --timestamp <key> --manifest <key>
                                               unsigned root n naming these keys (a key: a .pem file or a public key in hex);
                                               rotating or revoking a key is a new version without it
  targets --version <n> --expires <iso> --out <n.targets.json> --developers <developers.json> --obfuscated <key>
                                               unsigned top-level targets delegating plugins/{id}/* to each developer's keys
                                               (developers.json: [{"developerId": 2, "publicKeysHex": ["…"], "threshold": 1}])
  sign <file> --key <key.pem>                  adds this key's signature to a root or targets file
  show <file>                                  the version, expiry, keys and signatures of a metadata file`;

/** A command used wrongly: the message says how (the program prints it and exits with 2). */
class TrustUsageError extends Error {
  override readonly name = 'TrustUsageError';
}

const exit = (message: string): never => {
  throw new TrustUsageError(message);
};

async function publicHexOf(key: string): Promise<string> {
  if (/^[0-9a-f]{64}$/i.test(key)) return key.toLowerCase();
  return publicKeyHexOf(ed25519PrivateKey(await readFile(key, 'utf8')));
}

const kindOf = (json: { signed?: { _type?: string } }) => {
  const type = json.signed?._type;
  if (type !== 'root' && type !== 'targets') exit('Only root and targets files are signed off the server.');
  return type as 'root' | 'targets';
};

/** One `npm run trust` command, as the program runs it (the tests run the same steps). */
export async function trustCommand(argv: string[], print = (line: string) => process.stdout.write(line)) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      key: { type: 'string' },
      version: { type: 'string' },
      expires: { type: 'string' },
      threshold: { type: 'string', default: '2' },
      root: { type: 'string', multiple: true },
      targets: { type: 'string' },
      snapshot: { type: 'string' },
      timestamp: { type: 'string' },
      manifest: { type: 'string', multiple: true },
      developers: { type: 'string' },
      obfuscated: { type: 'string' },
    },
  });
  const version = Number(values.version);
  const need = (value: string | undefined, name: string) =>
    value ?? exit(`--${name} is required.\n\n${USAGE}`);
  switch (command) {
    case 'keygen': {
      const out = need(values.out, 'out');
      const key = generateKeyPairSync('ed25519').privateKey;
      await writeFile(out, key.export({ format: 'pem', type: 'pkcs8' }).toString(), {
        flag: 'wx',
        mode: 0o600,
      });
      const hex = publicKeyHexOf(key);
      print(`${out}: public key ${hex}, key id ${ed25519Key(hex).keyID}\n`);
      return;
    }
    case 'root': {
      const roots = values.root ?? [];
      if (roots.length < 3) exit('A root names at least 3 root keys.');
      const threshold = Number(values.threshold);
      if (!(threshold >= 2 && threshold <= roots.length))
        exit('--threshold must be at least 2 and at most the root keys.');
      const metadata = buildRoot({
        version,
        expires: need(values.expires, 'expires'),
        rootThreshold: threshold,
        keys: {
          root: await Promise.all(roots.map(publicHexOf)),
          targets: [await publicHexOf(need(values.targets, 'targets'))],
          snapshot: [await publicHexOf(need(values.snapshot, 'snapshot'))],
          timestamp: [await publicHexOf(need(values.timestamp, 'timestamp'))],
          manifest: await Promise.all((values.manifest ?? []).map(publicHexOf)),
        },
      });
      await writeFile(need(values.out, 'out'), `${JSON.stringify(metadata.toJSON(), null, 2)}\n`);
      print(
        `${values.out}: root ${version}, unsigned: ${threshold} root keys of this version (and of the one before) sign it next.\n`,
      );
      return;
    }
    case 'targets': {
      const developers = JSON.parse(await readFile(need(values.developers, 'developers'), 'utf8'));
      const metadata = buildTopLevelTargets({
        version,
        expires: need(values.expires, 'expires'),
        developers,
        obfuscatedKeyHex: await publicHexOf(need(values.obfuscated, 'obfuscated')),
      });
      await writeFile(need(values.out, 'out'), `${JSON.stringify(metadata.toJSON(), null, 2)}\n`);
      print(`${values.out}: targets ${version}, unsigned: the targets key signs it next.\n`);
      return;
    }
    case 'sign': {
      const file = positionals[0] ?? exit(USAGE);
      const json = JSON.parse(await readFile(file, 'utf8'));
      const metadata = parseMetadata(kindOf(json), json);
      signMetadata(metadata, ed25519PrivateKey(await readFile(need(values.key, 'key'), 'utf8')));
      await writeFile(file, `${JSON.stringify(metadata.toJSON(), null, 2)}\n`);
      print(`${file}: ${Object.keys(metadata.signatures).length} signature(s).\n`);
      return;
    }
    case 'show': {
      const file = positionals[0] ?? exit(USAGE);
      const json = JSON.parse(await readFile(file, 'utf8'));
      const metadata = parseMetadata(kindOf(json), json);
      print(
        `${json.signed._type} ${metadata.signed.version}, expires ${metadata.signed.expires}, signed by ${Object.keys(metadata.signatures).join(', ') || 'nobody yet'}\n`,
      );
      return;
    }
    default:
      exit(USAGE);
  }
}

// Run as a program (npm run trust), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  trustCommand(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = error instanceof TrustUsageError ? 2 : 1;
  });
}
