import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { BENCH_LOAD } from './bench-config.ts';
import { type AlternatedResult, cpuMillisOf, type LoadTarget, median, runAlternated } from './bench-load.ts';
import {
  type BenchClient,
  CLIENT_BASE,
  countSessionLogRows,
  countSessionsOf,
  createClients,
  deleteClients,
  deleteSessionsOf,
  openOneSessionEach,
  PSEUDO_CLIENT,
} from './client-fixtures.ts';

/**
 * The `client` section of `npm run bench` (issues 19 and 36): game clients against the client API
 * on PostgreSQL.
 * 1. Paced: every player heartbeats once per HEARTBEAT_SECONDS, spread evenly, for SECONDS.
 * 2. Ratios to /healthz, alternated in the same run (BENCH_LOAD: rounds of seconds at 50
 *    connections): heartbeats of sessions spread over CLIENTS players, each request a player drawn
 *    at random; session opens by VIP players (unlimited sessions) drawn at random; manifest fetches.
 * 3. A burst: BURST connections open a session for one free user at the same instant, ROUNDS times:
 *    never more sessions than the limit (1) may open.
 */
export const CLIENT_LOAD = {
  clients: 2_000,
  vipClients: 2_000,
  heartbeatSeconds: 30,
  seconds: 60,
  burstConnections: 50,
  burstRounds: 3,
} as const;

const FREE_CLIENT_SESSIONS = 1;

interface Answer {
  status: number;
  body: string;
}

/** One request on its own new connection (no keep-alive agent): the burst's 50 connections. */
function onNewConnection(origin: string, path: string, token: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      `${origin}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
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

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** A target whose every request is one player drawn at random (path first, then that player's headers). */
function randomPlayerTarget(
  name: string,
  players: BenchClient[],
  request: (player: BenchClient) => { method: 'GET' | 'POST'; path: string; json?: boolean },
): LoadTarget & { method: 'GET' | 'POST' } {
  let current = players[0] as BenchClient;
  const first = request(current);
  return {
    name,
    method: first.method,
    path: () => {
      current = pick(players);
      return request(current).path;
    },
    headers: () => ({
      authorization: `Bearer ${current.token}`,
      ...(first.json ? { 'content-type': 'application/json' } : {}),
    }),
    ...(first.json ? { body: JSON.stringify({ pluginId: PSEUDO_CLIENT }) } : {}),
  };
}

export interface PacedResult {
  sent: number;
  ok: number;
  failed: Record<string, number>;
  /** Sessions answered 404 (ended: timed out or killed). */
  goneSessionIds: Set<string>;
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
export async function pacedHeartbeats(
  origin: string,
  serverPid: number,
  clients: BenchClient[],
  sessions: Map<number, string>,
  seconds: number,
): Promise<PacedResult> {
  const gapMs = (CLIENT_LOAD.heartbeatSeconds * 1000) / clients.length;
  const total = Math.floor((seconds * 1000) / gapMs);
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  const goneSessionIds = new Set<string>();
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
          if (response.status === 404) goneSessionIds.add(sessionId);
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
    goneSessionIds,
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
  await deleteSessionsOf(databaseUrl, user.userId);
  const answers = await Promise.all(
    Array.from({ length: CLIENT_LOAD.burstConnections }, () =>
      onNewConnection(origin, `${CLIENT_BASE}/sessions`, user.token, { pluginId: PSEUDO_CLIENT }).catch(
        (error: Error) => ({ status: -1, body: error.message }),
      ),
    ),
  );
  const other: Record<string, number> = {};
  for (const answer of answers) {
    if (answer.status !== 201 && answer.status !== 403) {
      const key = answer.status === -1 ? answer.body : String(answer.status);
      other[key] = (other[key] ?? 0) + 1;
    }
  }
  return {
    opened: answers.filter((answer) => answer.status === 201).length,
    refused: answers.filter((answer) => answer.status === 403).length,
    other,
    sessionsInDatabase: await countSessionsOf(databaseUrl, user.userId),
  };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const describeFailures = (failures: Record<string, number>) =>
  Object.entries(failures)
    .map(([what, n]) => `${n} × ${what}`)
    .join(', ') || 'none';

/** The heartbeat target: a player drawn at random heartbeats their open session. */
export function heartbeatTarget(clients: BenchClient[], sessions: Map<number, string>) {
  return randomPlayerTarget(
    `POST ${CLIENT_BASE}/sessions/{id}/heartbeat, ${clients.length} players`,
    clients,
    (player) => ({
      method: 'POST',
      path: `${CLIENT_BASE}/sessions/${sessions.get(player.userId)}/heartbeat`,
    }),
  );
}

function ratioRow(result: AlternatedResult, goal: number, extra = '') {
  const route = result.route;
  const held = result.ratio >= goal ? 'held' : 'MISSED';
  return `| ${result.name} | ${route.requestsPerSecond.toFixed(0)} | ${ms(route.p50)} | ${ms(route.p99)} | ${result.healthz.requestsPerSecond.toFixed(0)} | ${result.ratio.toFixed(3)} (goal ≥ ${goal.toFixed(2)}: ${held}) | ${route.cpuMsPerRequest?.toFixed(3) ?? '?'} ms (${result.healthz.cpuMsPerRequest?.toFixed(3) ?? '?'} ms) | ${route.generatorCpuMsPerRequest.toFixed(3)} ms (${route.generatorCores.toFixed(2)} cores) | ${route.non2xx} / ${route.errors + route.timeouts}${extra} |`;
}

/** Runs the section against a server already started on `databaseUrl`, printing through `log`. */
export async function clientLoad(
  server: { origin: string; pid: number },
  databaseUrl: string,
  log: (line: string) => void,
): Promise<void> {
  const {
    clients: count,
    vipClients,
    heartbeatSeconds,
    seconds,
    burstConnections,
    burstRounds,
  } = CLIENT_LOAD;
  log('');
  log(
    `## Game clients (PostgreSQL): ${count.toLocaleString('en-US')} players with an open session and ${vipClients.toLocaleString('en-US')} VIP players`,
  );
  const created = await createClients(databaseUrl, { free: count + 1, vip: vipClients });
  const [burstUser, ...clients] = created.free;
  if (!burstUser) throw new Error('no bench client was created');
  try {
    const opening = performance.now();
    const sessions = await openOneSessionEach(server.origin, clients);
    log(
      `  ${sessions.size.toLocaleString('en-US')} sessions opened in ${((performance.now() - opening) / 1000).toFixed(1)} s`,
    );

    // Paced first, as 2,000 clients really send them (every session alive from its open on).
    const loadBefore = loadavg()[0] ?? 0;
    const paced = await pacedHeartbeats(server.origin, server.pid, clients, sessions, seconds);
    const loadAfter = loadavg()[0] ?? 0;

    // Ratios to /healthz. Session-log rows are counted around the heartbeat rounds alone.
    const rowsBefore = await countSessionLogRows(databaseUrl);
    const beats = (
      await runAlternated(server.origin, [heartbeatTarget(clients, sessions)], BENCH_LOAD, log, server.pid)
    )[0];
    // The server writes a batch of last updates at most a second late: the count waits it out.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rowsAfter = await countSessionLogRows(databaseUrl);
    const others = await runAlternated(
      server.origin,
      [
        randomPlayerTarget(
          `POST ${CLIENT_BASE}/sessions (open), ${vipClients} VIP players`,
          created.vip,
          () => ({
            method: 'POST',
            path: `${CLIENT_BASE}/sessions`,
            json: true,
          }),
        ),
        randomPlayerTarget(`GET ${CLIENT_BASE}/manifest, ${count} players`, clients, () => ({
          method: 'GET',
          path: `${CLIENT_BASE}/manifest`,
        })),
      ],
      BENCH_LOAD,
      log,
      server.pid,
    );
    const heartbeatsSent = beats ? beats.route.requestsPerSecond * BENCH_LOAD.seconds * BENCH_LOAD.rounds : 0;

    // The burst.
    const rounds: BurstRound[] = [];
    for (let round = 0; round < burstRounds; round++)
      rounds.push(await burst(server.origin, databaseUrl, burstUser));

    log('');
    log(
      '| route | req/s | p50 | p99 | /healthz req/s | ratio to /healthz | server CPU per request (/healthz) | load generator CPU per request | non-2xx / errors |',
    );
    log('|---|---|---|---|---|---|---|---|---|');
    if (beats)
      log(ratioRow(beats, 0.5, beats.route.p99 < 50 ? ' (p99 < 50 ms: held)' : ' (p99 < 50 ms: MISSED)'));
    const [opens, manifests] = others;
    if (opens) log(ratioRow(opens, 0.2));
    if (manifests) log(ratioRow(manifests, 0.2));
    log('');
    log('| measure | value |');
    log('|---|---|');
    log(
      `| session-log rows written per 1,000 heartbeats (during the ratio rounds) | ${(((rowsAfter - rowsBefore) * 1000) / Math.max(1, heartbeatsSent)).toFixed(2)} (${(rowsAfter - rowsBefore).toLocaleString('en-US')} rows, ~${Math.round(heartbeatsSent).toLocaleString('en-US')} heartbeats) |`,
    );
    log(
      `| paced: ${count.toLocaleString('en-US')} players heartbeating every ${heartbeatSeconds} s for ${seconds} s | ${paced.sent.toLocaleString('en-US')} sent, ${paced.ok.toLocaleString('en-US')} answered 200, failures: ${describeFailures(paced.failed)}; ${paced.requestsPerSecond.toFixed(1)} req/s |`,
    );
    log(`| paced heartbeat latency | p50 ${ms(paced.p50)}, p99 ${ms(paced.p99)}, max ${ms(paced.max)} |`);
    log(`| paced: server CPU per heartbeat | ${paced.cpuMsPerRequest.toFixed(3)} ms |`);
    // On a shared machine other work moves the tail: the 1-minute load average says how busy it was.
    log(
      `| machine load average (1 min) before / after the paced heartbeats | ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)} |`,
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
