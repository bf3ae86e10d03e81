import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientReleaseKind } from '@ember/contracts/enums';
import type { ClientReleaseResponse } from '@ember/contracts/repo-updates';
import { isUniqueViolation } from '@ember/db/errors';
import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import { Conflict } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type ClientReleaseRow,
  deleteRelease,
  findCurrentRelease,
  findRelease,
  insertRelease,
} from './client-releases.repository.ts';
import type { Db } from './db.ts';

const VERSION_FILE = 'version.txt';
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,49}$/;

const KINDS = {
  LOADER: { label: 'Loader', variable: 'LOADER_RELEASE_DIR', action: 'loader:update' },
  CLASSPATH: { label: 'Classpath', variable: 'CLASSPATH_RELEASE_DIR', action: 'classpath:update' },
} as const;

export const toReleaseResponse = (row: ClientReleaseRow): ClientReleaseResponse => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The build a release folder holds: `version.txt` and exactly one other file (the loader jar, or
 * the server classpath archive), as the build pipeline drops them. Problems are 409s that say what
 * to fix on the server.
 */
async function readReleaseFolder(kind: ClientReleaseKind, dir: string | undefined) {
  const { label, variable } = KINDS[kind];
  if (!dir) throw new Conflict(`${label} releases are not configured on this server (${variable}).`);
  const names = await readdir(dir).catch(() => {
    throw new Conflict(`The ${label.toLowerCase()} release folder ${dir} cannot be read.`);
  });
  const version = (
    await readFile(path.join(dir, VERSION_FILE), 'utf8').catch(() => {
      throw new Conflict(`The ${label.toLowerCase()} release folder has no ${VERSION_FILE}.`);
    })
  ).trim();
  if (!VERSION_PATTERN.test(version)) {
    throw new Conflict(
      `${VERSION_FILE} of the ${label.toLowerCase()} release must hold one version, like 1.4.2.`,
    );
  }
  const builds = names.filter((name) => name !== VERSION_FILE && !name.startsWith('.'));
  if (builds.length !== 1) {
    throw new Conflict(
      `The ${label.toLowerCase()} release folder must hold ${VERSION_FILE} and exactly one build file (found ${builds.length}).`,
    );
  }
  const bytes = new Uint8Array(await readFile(path.join(dir, builds[0] as string)));
  return { version, bytes };
}

/** Spec §7 `POST /commands/update-loader?force` and `update-classpath`: publish the configured build. */
export function createClientReleasesService(deps: {
  db: Db;
  blobs: BlobStore;
  releaseDirs: { LOADER?: string; CLASSPATH?: string };
}) {
  const { db, blobs } = deps;

  return {
    current: (kind: ClientReleaseKind) => findCurrentRelease(db, kind),

    /**
     * Publishes the folder's build as the current release of its kind. The same version again is
     * refused unless `force`, which replaces it (a rebuilt file under the same version).
     */
    async publish(caller: Caller, kind: ClientReleaseKind, force: boolean): Promise<ClientReleaseResponse> {
      const { label, action } = KINDS[kind];
      const role = authorize(caller, action);
      const { version, bytes } = await readReleaseFolder(kind, deps.releaseDirs[kind]);
      const stored = await blobs.put(bytes);
      return db.transaction(async (tx) => {
        const existing = await findRelease(tx, kind, version);
        if (existing && !force) {
          throw new Conflict(`${label} ${version} is already published. Publish it again with force.`);
        }
        if (existing) await deleteRelease(tx, existing.id);
        const row = await insertRelease(tx, {
          kind,
          version,
          sha256: stored.sha256,
          sizeBytes: stored.size,
          publishedById: caller.userId,
        }).catch((error: unknown) => {
          if (isUniqueViolation(error, 'client_releases_kind_version_key')) {
            throw new Conflict(`${label} ${version} was just published by someone else.`);
          }
          throw error;
        });
        await recordAudit(tx, actorOf(caller, role), {
          action,
          target: { kind: 'CLIENT_RELEASE', id: row.id },
          before: existing ? { version: existing.version, sha256: existing.sha256 } : null,
          after: { kind, version, sha256: row.sha256, sizeBytes: row.sizeBytes, force },
        });
        return toReleaseResponse(row);
      });
    },
  };
}

export type ClientReleasesService = ReturnType<typeof createClientReleasesService>;
