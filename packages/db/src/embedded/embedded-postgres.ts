import { Worker } from 'node:worker_threads';

export interface EmbeddedDatabase {
  /** A postgres:// address of the embedded database, for node-postgres. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the embedded PGlite database (`dataDir`) in a worker thread speaking the PostgreSQL wire
 * protocol on a local port (decision 0022), so the server uses node-postgres for every database
 * and its event loop never runs a query. Resolves once the database accepts connections.
 */
export function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  // The server runs its TypeScript through tsx; a worker thread must register it before loading its entry.
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true, workerData: { dataDir } },
  );
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the embedded database stopped (exit code ${code})`)));
    worker.once('message', ({ port }: { port: number }) => {
      worker.removeAllListeners('exit');
      worker.removeAllListeners('error');
      resolve({
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        close: () =>
          new Promise<void>((done) => {
            worker.once('exit', () => done());
            worker.postMessage('close');
          }),
      });
    });
  });
}
