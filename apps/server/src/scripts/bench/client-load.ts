import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { cpuMillisOf, median } from './bench-load.ts';

/**
 * The `client` section of `npm run bench` (issue 19): game clients against the client API on
 * PostgreSQL. CLIENTS users, each with a client token (its SHA-256 row written with SQL, as the
 * device flow would) and one open client session, heartbeat every HEARTBEAT_SECONDS, spread
 * evenly, for SECONDS; then BURST connections open a session for one free user at the same instant,
 * ROUNDS times: never more sessions than the limit (1) may open.
 */
export const CLIENT_LOAD = {
  clients: 2_000,
  heartbeatSeconds: 30,
  seconds: 60,
  burstConnections: 50,
  burstRounds: 3,
} as const;

const CLIENT_BASE = '/api/client';
const PSEUDO_CLIENT = 0;
const FREE_CLIENT_SESSIONS = 1;
const USERNAME_PREFIX = 'bench_client_';
/** LIKE pattern of the bench clients' usernames (the underscores escaped). */
const USERNAME_LIKE = `${USERNAME_PREFIX.replaceAll('_', '\\_')}%`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => `emc_${randomBytes(32).toString('base64url')}`;

interface BenchClient {
  userId: number;
  token: string;
}

/**
 * Replaces the previous run's bench clients with `count` new users, each with a client token.
 * Deleting the users takes their tokens, sessions and session logs with them (foreign keys cascade).
 */
async function createClients(databaseUrl: string, count: number): Promise<BenchClient[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('delete from users where username like $1', [USERNAME_LIKE]);
    const users = await client.query<{ id: number }>(
      `insert into users (discord_id, username, display_name, roles)
       select (700000000000000000 + i)::text, $2 || i, 'Bench Client ' || i, array['CUSTOMER']
       from generate_series(1, $1::int) i
       returning id`,
      [count, USERNAME_PREFIX],
    );
    const clients = users.rows.map((row) => ({ userId: row.id, token: newToken() }));
    await client.query(
      `insert into client_tokens (user_id, token_hash, name)
       select * from unnest($1::int[], $2::text[], $3::text[])`,
      [clients.map((c) => c.userId), clients.map((c) => sha256(c.token)), clients.map(() => 'Bench client')],
    );
    await client.query('commit');
    return clients;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

async function deleteClients(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('delete from users where username like $1', [USERNAME_LIKE]);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  body: string;
}

/** One request on its own new connection (no keep-alive agent): the burst's 50 connections. */
function onNewConnection(
  origin: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      `${origin}${path}`,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** Opens one client session per client, 20 at a time; throws on the first refusal. */
async function openOneSessionEach(origin: string, clients: BenchClient[]): Promise<Map<number, string>> {
  const sessions = new Map<number, string>();
  let next = 0;
  const worker = async () => {
    while (next < clients.length) {
      const benchClient = clients[next++];
      if (!benchClient) return;
      const response = await fetch(`${origin}${CLIENT_BASE}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${benchClient.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pluginId: PSEUDO_CLIENT }),
      });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`opening a session answered ${response.status}: ${text}`);
      sessions.set(benchClient.userId, (JSON.parse(text) as { sessionId: string }).sessionId);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return sessions;
}

interface HeartbeatResult {
  sent: number;
  ok: number;
  failed: Record<string, number>;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  cpuMsPerRequest: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/**
 * Every client heartbeats once per HEARTBEAT_SECONDS, the clients spread evenly over that period
 * (2,000 clients: one heartbeat every 15 ms), for `seconds`. Each heartbeat is timed from send to
 * the end of its answer.
 */
async function heartbeatLoad(
  origin: string,
  serverPid: number,
  clients: BenchClient[],
  sessions: Map<number, string>,
  seconds: number,
): Promise<HeartbeatResult> {
  const gapMs = (CLIENT_LOAD.heartbeatSeconds * 1000) / clients.length;
  const total = Math.floor((seconds * 1000) / gapMs);
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  const inFlight: Promise<void>[] = [];
  const cpuBefore = cpuMillisOf(serverPid);
  const start = performance.now();
  for (let k = 0; k < total; k++) {
    const wait = start + k * gapMs - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const benchClient = clients[k % clients.length];
    const sessionId = benchClient ? sessions.get(benchClient.userId) : undefined;
    if (!benchClient || !sessionId) continue;
    const sent = performance.now();
    inFlight.push(
      fetch(`${origin}${CLIENT_BASE}/sessions/${sessionId}/heartbeat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${benchClient.token}` },
      }).then(
        async (response) => {
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (response.status !== 200) failed[response.status] = (failed[response.status] ?? 0) + 1;
        },
        (error: Error) => {
          failed[error.message] = (failed[error.message] ?? 0) + 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - start) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const okCount = latencies.length - Object.values(failed).reduce((sum, n) => sum + n, 0);
  return {
    sent: inFlight.length,
    ok: okCount,
    failed,
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50: median(sorted),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    cpuMsPerRequest: (cpuMillisOf(serverPid) - cpuBefore) / Math.max(1, inFlight.length),
  };
}

interface BurstRound {
  opened: number;
  refused: number;
  other: Record<string, number>;
  sessionsInDatabase: number;
}

/** BURST connections open a client session for the same free user at once. */
async function burst(origin: string, databaseUrl: string, user: BenchClient): Promise<BurstRound> {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    await database.query('delete from client_sessions where user_id = $1', [user.userId]);
    const answers = await Promise.all(
      Array.from({ length: CLIENT_LOAD.burstConnections }, () =>
        onNewConnection(origin, 'POST', `${CLIENT_BASE}/sessions`, user.token, {
          pluginId: PSEUDO_CLIENT,
        }).catch((error: Error) => ({ status: -1, body: error.message })),
      ),
    );
    const other: Record<string, number> = {};
    for (const answer of answers) {
      if (answer.status !== 201 && answer.status !== 403) {
        const key = answer.status === -1 ? answer.body : String(answer.status);
        other[key] = (other[key] ?? 0) + 1;
      }
    }
    const { rows } = await database.query<{ n: string }>(
      'select count(*) as n from client_sessions where user_id = $1 and plugin_id = $2',
      [user.userId, PSEUDO_CLIENT],
    );
    return {
      opened: answers.filter((answer) => answer.status === 201).length,
      refused: answers.filter((answer) => answer.status === 403).length,
      other,
      sessionsInDatabase: Number(rows[0]?.n ?? 0),
    };
  } finally {
    await database.end();
  }
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const describeFailures = (failures: Record<string, number>) =>
  Object.entries(failures)
    .map(([what, n]) => `${n} × ${what}`)
    .join(', ') || 'none';

/** Runs the section against a server already started on `databaseUrl`, printing through `log`. */
export async function clientLoad(
  server: { origin: string; pid: number },
  databaseUrl: string,
  log: (line: string) => void,
): Promise<void> {
  const { clients: count, heartbeatSeconds, seconds, burstConnections, burstRounds } = CLIENT_LOAD;
  log('');
  log(
    `## Game clients (PostgreSQL): ${count.toLocaleString('en-US')} clients heartbeating every ${heartbeatSeconds} s for ${seconds} s, then ${burstConnections} connections opening sessions for one free user`,
  );
  const [burstUser, ...clients] = await createClients(databaseUrl, count + 1);
  if (!burstUser) throw new Error('no bench client was created');
  try {
    const opening = performance.now();
    const sessions = await openOneSessionEach(server.origin, clients);
    log(
      `  ${sessions.size.toLocaleString('en-US')} users with a client token and an open session (opened in ${((performance.now() - opening) / 1000).toFixed(1)} s)`,
    );
    const loadBefore = loadavg()[0] ?? 0;
    const beats = await heartbeatLoad(server.origin, server.pid, clients, sessions, seconds);
    const loadAfter = loadavg()[0] ?? 0;
    const rounds: BurstRound[] = [];
    for (let round = 0; round < burstRounds; round++)
      rounds.push(await burst(server.origin, databaseUrl, burstUser));

    log('');
    log('| measure | value |');
    log('|---|---|');
    log(
      `| heartbeats | ${beats.sent.toLocaleString('en-US')} sent, ${beats.ok.toLocaleString('en-US')} answered 200, failures: ${describeFailures(beats.failed)} |`,
    );
    log(`| heartbeat rate | ${beats.requestsPerSecond.toFixed(1)} req/s |`);
    log(
      `| heartbeat latency | p50 ${ms(beats.p50)}, p99 ${ms(beats.p99)}, max ${ms(beats.max)} (goal: p99 < 50 ms) ${beats.p99 < 50 ? 'held' : 'MISSED'} |`,
    );
    log(`| server CPU per heartbeat | ${beats.cpuMsPerRequest.toFixed(3)} ms |`);
    // On a shared machine other work moves the tail: the 1-minute load average says how busy it was.
    log(
      `| machine load average (1 min) before / after the heartbeats | ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)} |`,
    );
    for (const [index, round] of rounds.entries()) {
      const held = round.opened <= FREE_CLIENT_SESSIONS && round.sessionsInDatabase <= FREE_CLIENT_SESSIONS;
      log(
        `| burst ${index + 1}: ${burstConnections} connections open a session for one free user (limit ${FREE_CLIENT_SESSIONS}) | ${round.opened} opened, ${round.refused} refused (403), other: ${describeFailures(round.other)}; ${round.sessionsInDatabase} session in the database; limit ${held ? 'held' : 'BROKEN'} |`,
      );
    }
  } finally {
    await deleteClients(databaseUrl);
  }
}
