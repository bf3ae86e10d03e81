import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ClusterOptions,
  DEFAULT_CLUSTER_DATABASE_URL,
  DEFAULT_CLUSTER_PORTS,
  type ProcessName,
  startCluster,
} from './cluster.ts';

/**
 * `npm run cluster` (issue 22): nginx on :3440 in front of two API processes, one worker, PostgreSQL
 * (DATABASE_URL, default ember_cluster on the local server, created and migrated when missing, demo data on
 * first start), Redis when it answers (REDIS_URL overrides) and s3rver (or the S3 endpoint in S3_*).
 * Prints the topology, streams every process's log prefixed by its name, stops everything on Ctrl-C.
 * The run folder data/cluster keeps the shared secrets and s3rver's objects between runs.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const env = process.env;

const names: ProcessName[] = ['api1', 'api2', 'worker', 'nginx'];
const width = Math.max(...names.map((name) => name.length));
const colours: Record<ProcessName, string> = { api1: '36', api2: '35', worker: '33', nginx: '32' };
const colour = process.stdout.isTTY
  ? (name: ProcessName, text: string) => `\u001b[${colours[name]}m${text}\u001b[0m`
  : (_: ProcessName, text: string) => text;

const options: ClusterOptions = {
  databaseUrl: env.DATABASE_URL || DEFAULT_CLUSTER_DATABASE_URL,
  redisUrl: env.REDIS_URL || undefined,
  runDir: path.join(REPO_ROOT, 'data', 'cluster'),
  s3:
    env.S3_ENDPOINT && env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
  // Readable lines, one request a line at debug (LOG_LEVEL=debug npm run cluster).
  env: { LOG_FORMAT: env.LOG_FORMAT ?? 'pretty', ...(env.LOG_LEVEL ? { LOG_LEVEL: env.LOG_LEVEL } : {}) },
  onLog: (name, line) => console.log(`${colour(name, `${name.padEnd(width)} |`)} ${line}`),
};

console.log('Starting the Ember cluster: api1 first (it migrates), then api2 and the worker, then nginx ...');
const cluster = await startCluster(options);

const database = new URL(cluster.databaseUrl);
database.password = '';
database.username = '';
console.log(
  [
    '',
    'Ember cluster is running:',
    `  nginx   ${cluster.url}  (deploy/nginx.conf.template → ${path.relative(REPO_ROOT, cluster.runDir)}/nginx.conf; access log ${path.relative(REPO_ROOT, cluster.accessLogFile)})`,
    `  api1    ${cluster.apiUrls.api1}  SERVICES=api`,
    `  api2    ${cluster.apiUrls.api2}  SERVICES=api`,
    '  worker  SERVICES=worker (background jobs, no port)',
    `  db      PostgreSQL ${database.host}${database.pathname}`,
    `  redis   ${cluster.redisUrl ?? 'none (nothing answers on 127.0.0.1:6379): each process counts its rate limits alone'}`,
    `  s3      ${cluster.s3.endpoint} bucket ${cluster.s3.bucket}${cluster.s3.local ? ` (s3rver, port ${DEFAULT_CLUSTER_PORTS.s3})` : ''}`,
    '',
    `Open ${cluster.url}. Ctrl-C stops everything.`,
    '',
  ].join('\n'),
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping nginx, then the API processes and the worker ...`);
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
