import { get, type IncomingMessage } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { BALANCES_CSV_COLUMNS } from '@ember/contracts/exports';
import pg from 'pg';
import { createProductTokens } from '../../modules/identity/index.ts';
import type { BenchDatabase } from './bench-config.ts';
import { startBenchServer } from './bench-server.ts';

/**
 * Section `exports` of `npm run bench` (issue 20): the owner's balances export of 1,000,000 users,
 * one streamed download through HTTP at a time. It needs only the users table: when the bench
 * database holds fewer accounts, one `insert … select generate_series` adds them (usernames
 * `export_<id>`, outside bench-data's `bench_` accounts, zero balances so the books stay balanced).
 * Measured: time to the response headers and to the first body byte, total time, size and rows,
 * and the server process's own memory (RSS and V8 heap, read inside it by bench-memory-probe.ts):
 * the baseline after a full GC, the peak sampled every 10 ms during the download, and the growth.
 * Goals (issue 20): first byte < 200 ms, memory growth < 50 MB.
 */
export const EXPORT_USERS = 1_000_000;
/**
 * Downloads one after another, the first on a fresh server: uncompressed (accept-encoding identity,
 * what a script fetching the file would ask for), then as a browser asks (the export routes answer
 * uncompressed either way: see CSV_COMPRESSION in payouts.routes.ts).
 */
const RUNS = [
  { encoding: 'identity', label: 'identity' },
  { encoding: 'identity', label: 'identity' },
  { encoding: 'gzip, deflate, br, zstd', label: 'as a browser asks' },
] as const;
const PROBE_ENTRY = fileURLToPath(new URL('./bench-memory-probe.ts', import.meta.url));
const COMMERCE = '/api/commerce';
/** The peaks are also read when this many rows have arrived: growth that stays put after it is flat. */
const CHECKPOINT_ROWS = 100_000;

type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number };

const mb = (bytes: number) => bytes / (1024 * 1024);
const fmtMb = (bytes: number) => `${mb(bytes).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export async function exportsSection(
  bench: BenchDatabase,
  port: number,
  log: (line: string) => void,
): Promise<void> {
  log('');
  log(`## Owner exports: the balances CSV of ${EXPORT_USERS.toLocaleString('en-US')} users (PostgreSQL)`);
  const users = await ensureUsers(bench.url, EXPORT_USERS, log);
  const owner = await ownerOf(bench.url);
  const probePort = port + 1;
  const server = await startBenchServer({
    port,
    databaseUrl: bench.url,
    extraEnv: { BENCH_MEMORY_PORT: String(probePort) },
    nodeArgs: ['--expose-gc', '--import', PROBE_ENTRY],
  });
  const probe = async <T>(path: string): Promise<T> =>
    (await (await fetch(`http://127.0.0.1:${probePort}${path}`)).json()) as T;
  try {
    const tokens = createProductTokens({ secret: server.jwtSecret, ttlSeconds: 3600 });
    const token = await tokens.sign({
      sub: String(owner.id),
      discordId: owner.discord_id,
      roles: owner.roles as never,
    });
    const idle = await probe<Memory & { gc: boolean }>('/memory?gc=1');
    log(
      `${users.toLocaleString('en-US')} users in the table; ${RUNS.length} downloads one after another, the first on a fresh server. Server idle after GC: RSS ${fmtMb(idle.rss)}, heap ${fmtMb(idle.heapUsed)}${idle.gc ? '' : ' (no GC available)'}. Machine load average (1 min) at the start: ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} cores.`,
    );
    log('');
    log(
      `| run | encoding | status | headers | first byte | total | size on the wire | rows | rows/s | server RSS before → peak (growth) | heap before → peak (growth) | growth RSS / heap at ${CHECKPOINT_ROWS.toLocaleString('en-US')} rows | RSS after / heap after GC |`,
    );
    log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    const results: Array<{ firstByte: number; rssGrowth: number; heapGrowth: number }> = [];
    for (const [index, { encoding, label }] of RUNS.entries()) {
      const run = index + 1;
      const before = await probe<Memory>('/memory?gc=1');
      await probe('/memory/watch');
      const download = await downloadCsv(
        `${server.origin}${COMMERCE}/balance-exporter/export`,
        token,
        encoding,
        {
          rows: CHECKPOINT_ROWS,
          read: () => probe<Memory>('/memory/peek'),
        },
      );
      const early = download.checkpointPeak;
      const peak = await probe<Memory & { samples: number }>('/memory/peak');
      const after = await probe<Memory>('/memory');
      const afterGc = await probe<Memory>('/memory?gc=1');
      const rssGrowth = Math.max(0, peak.rss - before.rss);
      const heapGrowth = Math.max(0, peak.heapUsed - before.heapUsed);
      results.push({ firstByte: download.firstByte, rssGrowth, heapGrowth });
      log(
        `| ${run} | ${label}${download.contentEncoding ? ` (${download.contentEncoding})` : ''} | ${download.status} | ${ms(download.headers)} | ${ms(download.firstByte)} | ${ms(download.total)} | ${fmtMb(download.wireBytes)} | ${download.rows.toLocaleString('en-US')} | ${Math.round(download.rows / (download.total / 1000)).toLocaleString('en-US')} | ${fmtMb(before.rss)} → ${fmtMb(peak.rss)} (+${fmtMb(rssGrowth)}) | ${fmtMb(before.heapUsed)} → ${fmtMb(peak.heapUsed)} (+${fmtMb(heapGrowth)}) | ${early ? `+${fmtMb(Math.max(0, early.rss - before.rss))} / +${fmtMb(Math.max(0, early.heapUsed - before.heapUsed))}` : '?'} | ${fmtMb(after.rss)} / ${fmtMb(afterGc.heapUsed)} |`,
      );
      if (download.status !== 200)
        throw new Error(`the export answered ${download.status}: ${download.error}`);
      if (download.rows !== users) log(`  (run ${run}: ${download.rows} data rows for ${users} users)`);
      if (!download.headerOk) log(`  (run ${run}: the header row is not ${BALANCES_CSV_COLUMNS.join(',')})`);
    }
    const worst = {
      firstByte: Math.max(...results.map((result) => result.firstByte)),
      rssGrowth: Math.max(...results.map((result) => result.rssGrowth)),
      heapGrowth: Math.max(...results.map((result) => result.heapGrowth)),
    };
    log('');
    log(
      `Worst of ${RUNS.length}: first byte ${ms(worst.firstByte)} (goal < 200 ms: ${worst.firstByte < 200 ? 'met' : 'NOT met'}), server RSS growth ${fmtMb(worst.rssGrowth)}, heap growth ${fmtMb(worst.heapGrowth)} (goal < 50 MB: ${Math.max(worst.rssGrowth, worst.heapGrowth) < 50 * 1024 * 1024 ? 'met' : 'NOT met'}).`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * One streamed download over HTTP/1.1 (node:http: fetch would decompress and hide the bytes on the
 * wire), read as it arrives, nothing kept but counts; a compressed answer is decompressed as it
 * comes to count its rows.
 */
async function downloadCsv(
  url: string,
  token: string,
  acceptEncoding: string,
  checkpoint: { rows: number; read: () => Promise<Memory> },
) {
  let atCheckpoint: Promise<Memory> | undefined;
  const started = performance.now();
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(
      url,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } },
      resolve,
    ).on('error', reject);
  });
  const headers = performance.now() - started;
  const status = response.statusCode ?? 0;
  const contentEncoding = response.headers['content-encoding'] ?? '';
  if (status !== 200) {
    let error = '';
    for await (const chunk of response) error += String(chunk);
    return {
      status,
      contentEncoding,
      checkpointPeak: undefined,
      error,
      headers,
      firstByte: headers,
      total: headers,
      wireBytes: 0,
      rows: 0,
      headerOk: false,
    };
  }
  let firstByte: number | undefined;
  let wireBytes = 0;
  response.on('data', (chunk: Buffer) => {
    firstByte ??= performance.now() - started;
    wireBytes += chunk.byteLength;
  });
  const decoder =
    contentEncoding === 'br'
      ? createBrotliDecompress()
      : contentEncoding === 'gzip'
        ? createGunzip()
        : contentEncoding === 'deflate'
          ? createInflate()
          : new PassThrough();
  const body = response.pipe(decoder);
  let lineFeeds = 0;
  let head = '';
  for await (const value of body as AsyncIterable<Buffer>) {
    if (head.length < 200) head += value.subarray(0, 200).toString('utf8');
    for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lineFeeds++;
    if (!atCheckpoint && lineFeeds > checkpoint.rows) atCheckpoint = checkpoint.read();
  }
  const total = performance.now() - started;
  return {
    status,
    contentEncoding,
    checkpointPeak: await atCheckpoint,
    error: '',
    headers,
    firstByte: firstByte ?? total,
    total,
    wireBytes,
    // One CRLF per record; the first record is the header row.
    rows: Math.max(0, lineFeeds - 1),
    headerOk: head.startsWith(`${BALANCES_CSV_COLUMNS.join(',')}\r\n`),
  };
}

/** Brings the users table to `target` rows with one set-based insert; returns the count. */
async function ensureUsers(url: string, target: number, log: (line: string) => void): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async () =>
      Number((await client.query<{ n: string }>('select count(*) as n from users')).rows[0]?.n);
    const present = await count();
    const missing = target - present;
    if (missing <= 0) return present;
    const started = Date.now();
    await client.query('set synchronous_commit = off');
    await client.query('begin');
    // Discord ids 700000000000000000 + id: 18 digits (users_discord_id_format), apart from the demo
    // accounts' and bench-data's (800000000000000000 + n).
    const inserted = await client.query(
      `insert into users (id, discord_id, username, display_name, registration_date)
       select b.base + i, (700000000000000000 + b.base + i)::text, 'export_' || (b.base + i),
              'Export User ' || (b.base + i), now() - ((b.base + i) % 900) * interval '1 day'
       from (select coalesce(max(id), 0) as base from users) b, generate_series(1, $1::integer) i`,
      [missing],
    );
    await client.query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
    await client.query('commit');
    await client.query('vacuum analyze users');
    log(
      `Added ${inserted.rowCount?.toLocaleString('en-US')} users (one insert … select generate_series, then vacuum analyze) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return await count();
  } finally {
    await client.end();
  }
}

async function ownerOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; discord_id: string; roles: string[] }>(
      `select id, discord_id, roles from users where 'OWNER' = any(roles) and enabled order by id limit 1`,
    );
    const owner = rows[0];
    if (!owner) throw new Error('the bench database has no OWNER account (demo data missing?)');
    return owner;
  } finally {
    await client.end();
  }
}
