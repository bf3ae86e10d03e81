import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Cluster, type ClusterOptions, startCluster } from './cluster.ts';

const FIXTURE_DIST = fileURLToPath(new URL('../../../test-support/fixtures/web-dist', import.meta.url));

/**
 * A cluster for one test file (issue 22): its own database on the local PostgreSQL (or the one
 * DATABASE_URL names), its own Redis key prefix, and a work folder holding the fixture web build
 * (plus `renderer`, when given, as the server-rendering entry). `stop()` stops the cluster, drops
 * the database and removes the folder.
 */
export async function startTestCluster(options: {
  name: string;
  ports: NonNullable<ClusterOptions['ports']>;
  env: Record<string, string>;
  /** Source of a dist-server/entry-server.js standing in for the web build's renderer. */
  renderer?: string;
}): Promise<{ cluster: Cluster; stop: () => Promise<void> }> {
  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const workDir = mkdtempSync(path.join(tmpdir(), `ember-${options.name}-`));
  const webDir = path.join(workDir, 'web');
  cpSync(FIXTURE_DIST, path.join(webDir, 'dist'), { recursive: true });
  if (options.renderer) {
    mkdirSync(path.join(webDir, 'dist-server'));
    writeFileSync(path.join(webDir, 'dist-server', 'entry-server.js'), options.renderer);
  }
  const suffix = `${process.pid}_${Date.now()}`;
  const databaseName = `ember_${options.name.replaceAll('-', '_')}_${suffix}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;

  const removeAll = async () => {
    const adminUrl = new URL(serverUrl);
    adminUrl.pathname = '/postgres';
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(`drop database if exists "${databaseName}" with (force)`);
    } finally {
      await client.end();
    }
    rmSync(workDir, { recursive: true, force: true });
  };

  let cluster: Cluster;
  try {
    cluster = await startCluster({
      databaseUrl: databaseUrl.toString(),
      ports: options.ports,
      redisKeyPrefix: `ember-${options.name}-${suffix}:`,
      env: { LOG_LEVEL: 'warn', WEB_DIST_DIR: path.join(webDir, 'dist'), ...options.env },
    });
  } catch (error) {
    await removeAll();
    throw error;
  }
  return {
    cluster,
    stop: async () => {
      await cluster.stop();
      await removeAll();
    },
  };
}
