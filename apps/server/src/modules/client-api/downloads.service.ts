import {
  DOWNLOAD_LINK_INVALID_MESSAGE,
  type DownloadResponse,
  NOT_ENTITLED_TO_DOWNLOAD_MESSAGE,
} from '@ember/contracts/client-api';
import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { entitledPlugins, isRunnable } from '../subscriptions/index.ts';
import type { Db } from './db.ts';
import type { DownloadUrls } from './download-urls.ts';

/** Downloads (docs/client-api.md §3): a short-lived URL for a plugin in the user's manifest, nothing else. */
export function createDownloads(deps: {
  db: Db;
  clock: () => Date;
  blobs: BlobStore;
  urls: DownloadUrls;
  ttlSeconds: number;
}) {
  const { db, clock, blobs, urls } = deps;
  return {
    async create(principal: Principal, pluginId: number): Promise<DownloadResponse> {
      authorize(principal, 'client-download:create', { userId: principal.userId });
      const now = clock();
      const plugin = (await entitledPlugins(db, principal.userId, now))
        .filter(isRunnable)
        .find((item) => item.pluginId === pluginId);
      if (!plugin) throw new Forbidden(NOT_ENTITLED_TO_DOWNLOAD_MESSAGE);
      const expiresAt = new Date(now.getTime() + deps.ttlSeconds * 1000);
      const url =
        (await blobs.presignedUrl(plugin.sha256, deps.ttlSeconds)) ??
        urls.url(plugin.sha256, principal.userId, expiresAt);
      return { url, sha256: plugin.sha256, size: plugin.size, expiresAt: expiresAt.toISOString() };
    },

    /**
     * A TUF target's bytes (`{dir}/{sha256}.{name}`, consistent snapshots' hash prefix): the jar of
     * a plugin the caller may run now, or a jar bundled with it. The repository's targets are paid
     * jars, so they need the entitlement.
     */
    async targetBytes(principal: Principal, targetPath: string) {
      authorize(principal, 'client-download:create', { userId: principal.userId });
      const named = /^(.*\/)?([0-9a-f]{64})\.([^/]+)$/.exec(targetPath);
      const target = named && `${named[1] ?? ''}${named[3]}`;
      const entitled = (await entitledPlugins(db, principal.userId, clock()))
        .filter(isRunnable)
        .flatMap((item) => [{ target: item.target, sha256: item.sha256 }, ...item.dependencies])
        .some((file) => file.target !== null && file.target === target && file.sha256 === named?.[2]);
      if (!named || !entitled) throw new Forbidden(NOT_ENTITLED_TO_DOWNLOAD_MESSAGE);
      const bytes = await blobs.get(named[2] as string);
      if (!bytes) throw new NotFound('This file is not stored here.');
      return bytes;
    },

    /** The bytes behind one of the server's own signed links. */
    async bytes(sha256: string, query: { user?: string; expires?: string; signature?: string }) {
      if (!urls.verify(sha256, query)) throw new Forbidden(DOWNLOAD_LINK_INVALID_MESSAGE);
      const bytes = await blobs.get(sha256);
      if (!bytes) throw new NotFound('This file is not stored here.');
      return bytes;
    },
  };
}

export type Downloads = ReturnType<typeof createDownloads>;
