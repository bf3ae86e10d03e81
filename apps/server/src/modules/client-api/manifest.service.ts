import { createHash } from 'node:crypto';
import {
  canonicalJson,
  MANIFEST_TYPE,
  type ManifestKeysResponse,
  type ManifestResponse,
  type SignedManifest,
} from '@ember/contracts/client-api';
import type { Db } from '@ember/db/types';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { entitledPlugins, isRunnable } from '../subscriptions/index.ts';
import type { ManifestSigner } from './manifest-keys.ts';
import { findNewestManifest, recordNewManifest } from './manifest-versions.repository.ts';

type NewestManifest = Awaited<ReturnType<typeof findNewestManifest>>;

/** The newest manifest's times, when it may be served again: it lists `contentSha256` and more than half its lifetime is left. */
function stillServable(newest: NewestManifest, contentSha256: string, now: Date) {
  if (!newest || newest.contentSha256 !== contentSha256 || !newest.issuedAt || !newest.expiresAt) return null;
  const { issuedAt, expiresAt } = newest;
  const halfLife = (expiresAt.getTime() - issuedAt.getTime()) / 2;
  return expiresAt.getTime() - now.getTime() > halfLife
    ? { version: newest.version, issuedAt, expiresAt }
    : null;
}

/**
 * The signed per-user manifest (docs/client-api.md §2): what the user may run now, with an expiry
 * and a version that grows with every new manifest, so a client refuses a replayed or older one.
 * While what it lists stays the same and more than half its lifetime is left, the newest manifest
 * is served again exactly as issued (same version, same times, the same bytes signed): a fetch
 * then writes nothing (decision 0044).
 */
export function createManifests(deps: {
  db: Db;
  clock: () => Date;
  signer: ManifestSigner;
  ttlSeconds: number;
}) {
  const { db, clock, signer } = deps;
  return {
    keys(): ManifestKeysResponse {
      return { keys: [...signer.keys] };
    },

    async issue(principal: Principal): Promise<ManifestResponse> {
      authorize(principal, 'client-manifest:read', { userId: principal.userId });
      const userId = principal.userId;
      const now = clock();
      const [entitled, newest] = await Promise.all([
        entitledPlugins(db, userId, now),
        findNewestManifest(db, userId),
      ]);
      const plugins = entitled.filter(isRunnable).map((plugin) => ({
        id: plugin.pluginId,
        name: plugin.name,
        version: plugin.version,
        size: plugin.size,
        sha256: plugin.sha256,
      }));
      const contentSha256 = createHash('sha256').update(canonicalJson({ userId, plugins })).digest('hex');
      let issued = stillServable(newest, contentSha256, now);
      if (!issued) {
        const expiresAt = new Date(now.getTime() + deps.ttlSeconds * 1000);
        const version = await recordNewManifest(db, userId, { contentSha256, issuedAt: now, expiresAt });
        issued = { version, issuedAt: now, expiresAt };
      }
      const signed: SignedManifest = {
        type: MANIFEST_TYPE,
        userId,
        version: issued.version,
        issuedAt: issued.issuedAt.toISOString(),
        expiresAt: issued.expiresAt.toISOString(),
        plugins,
      };
      return { signed, signatures: [signer.sign(Buffer.from(canonicalJson(signed), 'utf8'))] };
    },
  };
}

export type Manifests = ReturnType<typeof createManifests>;
