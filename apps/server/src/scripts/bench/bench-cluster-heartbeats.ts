import { type ClusterOptions, startCluster } from '../cluster/cluster.ts';
import type { BenchDatabase } from './bench-config.ts';
import { BENCH_LOAD } from './bench-config.ts';
import { type LoadResult, median, runLoad } from './bench-load.ts';
import {
  countLiveSessionsOfClients,
  createClients,
  deleteClients,
  openOneSessionEach,
} from './client-fixtures.ts';
import { CLIENT_LOAD, heartbeatTarget, type PacedResult, pacedHeartbeats } from './client-load.ts';

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/**
 * Section `cluster`, issue 36: the heartbeat of the `client` section through nginx in front of 2
 * API processes against 1 of them direct (alternated rounds, medians), then a rolling restart of
 * both API processes under heartbeat load: every heartbeat answered, and every player's session
 * still running afterwards.
 */
export async function clusterHeartbeats(
  bench: BenchDatabase,
  options: Omit<ClusterOptions, 'databaseUrl'>,
  log: (line: string) => void,
): Promise<void> {
  log('');
  log(
    `## Cluster: game-client heartbeats (${CLIENT_LOAD.clients.toLocaleString('en-US')} players; nginx + 2 API processes vs 1 direct; then a rolling restart under load)`,
  );
  const cluster = await startCluster({ databaseUrl: bench.url, ...options });
  const { free: clients } = await createClients(bench.url, { free: CLIENT_LOAD.clients, vip: 0 });
  try {
    const sessions = await openOneSessionEach(cluster.url, clients);
    const target = heartbeatTarget(clients, sessions);
    const load = { seconds: BENCH_LOAD.seconds, connections: BENCH_LOAD.connections };
    await runLoad(cluster.url, target, { seconds: 2, connections: load.connections });
    await runLoad(cluster.apiUrls.api1, target, { seconds: 2, connections: load.connections });
    const direct: LoadResult[] = [];
    const balanced: LoadResult[] = [];
    for (let round = 1; round <= BENCH_LOAD.rounds; round++) {
      const one = await runLoad(cluster.apiUrls.api1, target, load);
      const two = await runLoad(cluster.url, target, load);
      direct.push(one);
      balanced.push(two);
      log(
        `  round ${round}: 1 process direct ${one.requestsPerSecond.toFixed(0)} req/s (p99 ${one.p99} ms), nginx + 2 processes ${two.requestsPerSecond.toFixed(0)} req/s (p99 ${two.p99} ms)`,
      );
    }

    // Every player once just before the restart: the sessions alive now are the ones it must keep
    // (on a machine slower than the players' pace some have already timed out, which the restart
    // is not to blame for).
    const before = await pacedHeartbeats(
      cluster.url,
      process.pid,
      clients,
      sessions,
      CLIENT_LOAD.heartbeatSeconds,
    );
    const alive = new Set([...sessions.values()].filter((id) => !before.goneSessionIds.has(id)));

    // The rolling restart: each API process out of rotation, SIGTERM, started again, back in.
    let restarting = true;
    const restarts = (async () => {
      try {
        await cluster.restart('api1');
        await cluster.restart('api2');
      } finally {
        restarting = false;
      }
    })();
    // Every player heartbeats every 30 s throughout, as real clients do (whole cycles of all players).
    const during: PacedResult[] = [];
    while (restarting)
      during.push(
        await pacedHeartbeats(cluster.url, process.pid, clients, sessions, CLIENT_LOAD.heartbeatSeconds),
      );
    await restarts;
    // The last batch of last updates is written within a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const kept = await countLiveSessionsOfClients(bench.url, 120);
    const lost = new Set(during.flatMap((run) => [...run.goneSessionIds].filter((id) => alive.has(id)))).size;

    const ratio = median(
      balanced.map((run, round) => run.requestsPerSecond / (direct[round]?.requestsPerSecond || 1)),
    );
    const sum = (runs: LoadResult[], pick: (run: LoadResult) => number) =>
      runs.reduce((total, run) => total + pick(run), 0);
    log('');
    log('| heartbeats | req/s | p50 | p99 | non-2xx / errors | ratio to 1 process direct |');
    log('|---|---|---|---|---|---|');
    for (const [name, runs] of [
      ['1 API process, direct', direct],
      ['nginx, 2 API processes', balanced],
    ] as const) {
      log(
        `| ${name} | ${median(runs.map((run) => run.requestsPerSecond)).toFixed(0)} | ${ms(median(runs.map((run) => run.p50)))} | ${ms(median(runs.map((run) => run.p99)))} | ${sum(runs, (run) => run.non2xx)} / ${sum(runs, (run) => run.errors + run.timeouts)} | ${runs === balanced ? `${ratio.toFixed(2)}x` : '1'} |`,
      );
    }
    log('');
    const sent = during.reduce((total, run) => total + run.sent, 0);
    const ok = during.reduce((total, run) => total + run.ok, 0);
    const failures = during.flatMap((run) => Object.entries(run.failed).map(([what, n]) => `${n} × ${what}`));
    log(
      `Rolling restart of api1 then api2 while every player heartbeats every ${CLIENT_LOAD.heartbeatSeconds} s (${during.length} cycles): ${alive.size.toLocaleString('en-US')} of ${clients.length.toLocaleString('en-US')} sessions alive just before it; ${sent.toLocaleString('en-US')} heartbeats, ${ok.toLocaleString('en-US')} answered 200, failures: ${failures.join(', ') || 'none'}; ${lost.toLocaleString('en-US')} of the alive sessions answered 404 during it; afterwards ${kept.toLocaleString('en-US')} sessions live in the database (${kept >= alive.size && lost === 0 ? 'no session lost' : 'SESSIONS LOST'}).`,
    );
  } finally {
    await cluster.stop();
    await deleteClients(bench.url);
  }
}
