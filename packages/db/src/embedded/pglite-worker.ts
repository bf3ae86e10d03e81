import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../client.ts';
import { createPgliteWireServer } from './pglite-wire-server.ts';

/**
 * A worker thread that owns the embedded PGlite database and serves it on 127.0.0.1 (decision
 * 0022): its queries run on this thread's event loop, never on the HTTP server's. Posts
 * `{ port }` once listening; `'close'` from the parent closes the database and ends the thread.
 */
const { dataDir } = workerData as { dataDir: string };
mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
const server = createPgliteWireServer(db);
server.listen(0, '127.0.0.1', () => {
  parentPort?.postMessage({ port: (server.address() as AddressInfo).port });
});
parentPort?.on('message', async (message) => {
  if (message !== 'close') return;
  server.close();
  await db.close();
  parentPort?.postMessage({ closed: true });
  process.exit(0);
});
