import {
  canonicalJson,
  MANIFEST_TYPE,
  type ManifestKeysResponse,
  type ManifestResponse,
  type SignedManifest,
} from '@ember/contracts/client-api';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import type { Db } from './db.ts';
import { readNewManifest } from './manifest.repository.ts';
import type { ManifestSigner } from './manifest-keys.ts';

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
      const { version, plugins } = await readNewManifest(db, principal.userId, now);
      const signed: SignedManifest = {
        type: MANIFEST_TYPE,
        userId: principal.userId,
        version,
        issuedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + deps.ttlSeconds * 1000).toISOString(),
        plugins,
      };
      return { signed, signatures: [signer.sign(Buffer.from(canonicalJson(signed), 'utf8'))] };
    },
  };
}

export type Manifests = ReturnType<typeof createManifests>;
