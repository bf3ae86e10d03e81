import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import { Key, Metadata, MetadataKind, type Root, Signature } from '@tufjs/models';

/**
 * What the store's TUF repository, the trust and release commands and the reference client agree
 * on (docs/trust.md): key ids, the target layout and the role names. One place, so a target path a
 * developer signs is the path the manifest names and the client asks TUF for.
 */

export const TUF_SPEC_VERSION = '1.0.31';

/** The top-level roles whose keys the root names. */
export const TOP_LEVEL_ROLES = ['root', 'targets', 'snapshot', 'timestamp'] as const;

/** The delegated role a developer signs (their plugins) and the store's own role (obfuscated builds). */
export const developerRoleName = (developerId: number) => `developer-${developerId}`;
export const STORE_OBFUSCATED_ROLE = 'store-obfuscated';

const slug = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'plugin';

/** Where a developer's plugin jar lives in the repository: what they sign and the manifest names. */
export const pluginTargetPath = (developerId: number, pluginName: string, version: string) =>
  `plugins/${developerId}/${slug(pluginName)}-${slug(version)}.jar`;

/**
 * A jar bundled with a developer's plugins (`plugins.json` `dependencies`): signed by the developer
 * beside them, one path segment under their delegation (TUF's `*` does not cross a `/`), named by
 * the file and its content so a changed jar is a new target (decision 0066).
 */
export const dependencyTargetPath = (developerId: number, repositoryPath: string, sha256: string) =>
  `plugins/${developerId}/lib~${slug((repositoryPath.split('/').pop() ?? '').replace(/\.jar$/i, ''))}~${sha256.slice(0, 16)}.jar`;

/** Where the store's role puts the jars it obfuscated (SOX): outside every developer's delegation. */
export const OBFUSCATED_TARGETS_DIR = 'obfuscated/';

/** A plugin's jar as the store obfuscated it (signed by the store's role, not the developer). */
export const obfuscatedTargetPath = (developerId: number, pluginName: string, version: string) =>
  `${OBFUSCATED_TARGETS_DIR}${developerId}/${slug(pluginName)}-${slug(version)}.jar`;

/** Raw 32-byte Ed25519 public key, hex (TUF's `keyval.public`). */
export function publicKeyHexOf(key: KeyObject): string {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  return Buffer.from(jwk.x ?? '', 'base64url').toString('hex');
}

/** An Ed25519 public key's TUF key id: the sha256 of its canonical form, members in order (spec §4.2). */
export const tufKeyId = (publicKeyHex: string): string =>
  createHash('sha256')
    .update(`{"keytype":"ed25519","keyval":{"public":"${publicKeyHex.toLowerCase()}"},"scheme":"ed25519"}`)
    .digest('hex');

/** A TUF key for an Ed25519 public key, named by its key id. */
export function ed25519Key(publicKeyHex: string): Key {
  const keyVal = { public: publicKeyHex.toLowerCase() };
  return new Key({ keyID: tufKeyId(publicKeyHex), keyType: 'ed25519', scheme: 'ed25519', keyVal });
}

/**
 * An Ed25519 private key as people hold one: PKCS8 PEM (what `openssl genpkey` and the trust
 * command write) or a JWK (what WebCrypto's `exportKey('jwk')` gives in the browser).
 */
export function ed25519PrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith('{')
    ? createPrivateKey({ key: JSON.parse(trimmed), format: 'jwk' })
    : createPrivateKey(trimmed);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('The key is not an Ed25519 private key.');
  return key;
}

/** Adds this key's signature to the metadata (others' signatures are kept: threshold signing). */
export function signMetadata(metadata: AnyMetadata, key: KeyObject) {
  const { keyID } = ed25519Key(publicKeyHexOf(key));
  metadata.sign((bytes) => new Signature({ keyID, sig: sign(null, bytes, key).toString('hex') }), true);
}

type AnyMetadata = Metadata<Parameters<typeof Metadata.prototype.equals>[0]>;

export type { AnyMetadata };

/** Parses a metadata file of the given kind (throws on a malformed one). */
export function parseMetadata(kind: `${MetadataKind}`, json: unknown): AnyMetadata {
  const data = json as Parameters<typeof Metadata.fromJSON>[1];
  switch (kind) {
    case 'root':
      return Metadata.fromJSON(MetadataKind.Root, data);
    case 'targets':
      return Metadata.fromJSON(MetadataKind.Targets, data);
    case 'snapshot':
      return Metadata.fromJSON(MetadataKind.Snapshot, data);
    case 'timestamp':
      return Metadata.fromJSON(MetadataKind.Timestamp, data);
  }
}

/** The root's custom field naming the keys the per-user manifest is signed with (rotated with the root). */
export const MANIFEST_KEYS_FIELD = 'x-ember-manifest';

export interface RootKeys {
  root: string[];
  targets: string[];
  snapshot: string[];
  timestamp: string[];
  /** The per-user manifest's signing keys (raw Ed25519 public keys, hex). */
  manifest: string[];
}

const keyJson = (hex: string) => ({
  keytype: 'ed25519',
  scheme: 'ed25519',
  keyval: { public: hex.toLowerCase() },
});

/** Unsigned root metadata naming these public keys (hex): roots with a threshold, 1 of each online role. */
export function buildRoot(options: {
  version: number;
  expires: string;
  keys: RootKeys;
  rootThreshold: number;
}): AnyMetadata {
  const keys: Record<string, unknown> = {};
  const idsOf = (hexes: string[]) =>
    hexes.map((hex) => {
      const keyID = ed25519Key(hex).keyID;
      keys[keyID] = keyJson(hex);
      return keyID;
    });
  const roles = Object.fromEntries(
    TOP_LEVEL_ROLES.map((role) => [
      role,
      { keyids: idsOf(options.keys[role]), threshold: role === 'root' ? options.rootThreshold : 1 },
    ]),
  );
  const signed = {
    _type: 'root',
    spec_version: TUF_SPEC_VERSION,
    version: options.version,
    expires: options.expires,
    consistent_snapshot: true,
    roles,
    [MANIFEST_KEYS_FIELD]: { keyids: idsOf(options.keys.manifest), threshold: 1 },
    keys,
  };
  return parseMetadata('root', { signed, signatures: [] });
}

/** The public keys (hex) a root names for the manifest. */
export function manifestKeysOf(root: AnyMetadata): string[] {
  const signed = root.signed as Root;
  const field = signed.unrecognizedFields[MANIFEST_KEYS_FIELD] as { keyids?: string[] } | undefined;
  return (field?.keyids ?? []).flatMap((keyid) => {
    const key = signed.keys[keyid];
    return key?.keyVal.public ? [key.keyVal.public] : [];
  });
}

/** Unsigned top-level targets delegating each developer's plugin paths to their keys. */
export function buildTopLevelTargets(options: {
  version: number;
  expires: string;
  developers: { developerId: number; publicKeysHex: string[]; threshold?: number }[];
  /** The store's online key for obfuscated builds. */
  obfuscatedKeyHex: string;
}): AnyMetadata {
  const keys: Record<string, unknown> = {};
  const delegate = (name: string, hexes: string[], paths: string[], threshold = 1) => ({
    name,
    keyids: hexes.map((hex) => {
      const keyID = ed25519Key(hex).keyID;
      keys[keyID] = keyJson(hex);
      return keyID;
    }),
    threshold,
    terminating: true,
    paths,
  });
  const roles = [...options.developers]
    .sort((a, b) => a.developerId - b.developerId)
    .map((developer) =>
      delegate(
        developerRoleName(developer.developerId),
        developer.publicKeysHex,
        [`plugins/${developer.developerId}/*`],
        developer.threshold,
      ),
    );
  roles.push(delegate(STORE_OBFUSCATED_ROLE, [options.obfuscatedKeyHex], ['obfuscated/*']));
  const signed = {
    _type: 'targets',
    spec_version: TUF_SPEC_VERSION,
    version: options.version,
    expires: options.expires,
    targets: {},
    delegations: { keys, roles },
  };
  return parseMetadata('targets', { signed, signatures: [] });
}
