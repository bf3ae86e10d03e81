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
import { nextManifestVersion } from './manifest-versions.repository.ts';

/**
 * The signed per-user manifest (docs/client-api.md §2): what the user may run now, with an expiry
 * and a version higher than any issued before (one sequence, decision 0044: no write per fetch), so
 * a client refuses a replayed or older one.
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
      const now = clock();
      const [plugins, version] = await Promise.all([
        entitledPlugins(db, principal.userId, now),
        nextManifestVersion(db),
      ]);
      const signed: SignedManifest = {
        type: MANIFEST_TYPE,
        userId: principal.userId,
        version,
        issuedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + deps.ttlSeconds * 1000).toISOString(),
        plugins: plugins.filter(isRunnable).map((plugin) => ({
          id: plugin.pluginId,
          name: plugin.name,
          version: plugin.version,
          size: plugin.size,
          sha256: plugin.sha256,
        })),
      };
      return { signed, signatures: [signer.sign(Buffer.from(canonicalJson(signed), 'utf8'))] };
    },
  };
}

export type Manifests = ReturnType<typeof createManifests>;
