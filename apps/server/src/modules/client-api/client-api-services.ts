import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import { type StandingFeedOptions, startStandingFeed } from './client-standing-feed.ts';
import { createClientTokens } from './client-tokens.service.ts';
import type { Db } from './db.ts';
import { createDeviceAuthorizations } from './device-authorizations.service.ts';
import { createDownloadUrls } from './download-urls.ts';
import { createDownloads } from './downloads.service.ts';
import { createManifests } from './manifest.service.ts';
import type { ManifestSigner } from './manifest-keys.ts';

/**
 * The client API's services (docs/client-api.md), built once by the composition root: client
 * tokens, the device sign-in, the signed manifest and the download links. The client tokens' checks
 * are kept in memory while the database's notifications of their changes are heard (decision
 * 0044); `close()` writes the tokens' last uses still pending and stops hearing.
 */
export async function createClientApiServices(deps: {
  db: Db;
  clock: () => Date;
  /** Where the device page is (the website's address). */
  publicUrl: string;
  /** The client API's own address: download links point at it. */
  clientApiUrl: string;
  /** The key the download links are signed with. */
  downloadSecret: string;
  signer: ManifestSigner;
  blobs: BlobStore;
  manifestTtlSeconds: number;
  downloadTtlSeconds: number;
  standingFeed: Omit<StandingFeedOptions, 'db' | 'log'>;
  log: NonNullable<StandingFeedOptions['log']> & { error(details: object, message: string): void };
}) {
  const { db, clock, log } = deps;
  const tokens = createClientTokens({
    db,
    clock,
    onBatchError: (error) =>
      log.error({ err: error }, 'client token uses not written; kept for the next batch'),
  });
  const feed = await startStandingFeed({ db, log, ...deps.standingFeed }, tokens.checks.receiver);
  tokens.checks.listenTo(feed);
  return {
    tokens,
    devices: createDeviceAuthorizations({ db, clock, tokens, publicUrl: deps.publicUrl }),
    manifests: createManifests({ db, clock, signer: deps.signer, ttlSeconds: deps.manifestTtlSeconds }),
    downloads: createDownloads({
      db,
      clock,
      blobs: deps.blobs,
      urls: createDownloadUrls({ secret: deps.downloadSecret, baseUrl: deps.clientApiUrl, clock }),
      ttlSeconds: deps.downloadTtlSeconds,
    }),
    async close() {
      await tokens.close();
      await feed.stop();
    },
  };
}
