import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadTarget {
  name: string;
  method?: 'GET' | 'POST';
  /** Path per request; called for every request so each can differ (another buyer, another price). */
  path: () => string;
  headers?: () => Record<string, string>;
  /** The same body for every request (JSON; give the content-type in headers). */
  body?: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The server process's CPU time per request (user + system), when the caller can read it. */
  cpuMsPerRequest?: number;
  /** The load generator's own CPU time per request (this process): near 1 core in all, it was the limit. */
  generatorCpuMsPerRequest: number;
  /** The load generator's CPU time over the run's wall time (1 = one core busy throughout). */
  generatorCores: number;
}

/** CPU milliseconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuMillisOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return (ticks * 1000) / 100;
}

/** One autocannon run of `seconds` at `connections`; latencies in ms. */
export async function runLoad(
  origin: string,
  target: LoadTarget,
  { seconds, connections }: { seconds: number; connections: number },
  serverPid?: number,
): Promise<LoadResult> {
  const cpuBefore = serverPid ? cpuMillisOf(serverPid) : 0;
  const generatorBefore = process.cpuUsage();
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: target.method ?? 'GET',
        ...(target.body === undefined ? {} : { body: target.body }),
        setupRequest: (request) => ({
          ...request,
          path: target.path(),
          headers: { ...request.headers, ...(target.headers?.() ?? {}) },
        }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMsPerRequest: serverPid
      ? (cpuMillisOf(serverPid) - cpuBefore) / Math.max(1, result.requests.total)
      : undefined,
    ...generatorCpu(process.cpuUsage(generatorBefore), result.requests.total, seconds),
  };
}

function generatorCpu(used: NodeJS.CpuUsage, requests: number, seconds: number) {
  const cpuMs = (used.user + used.system) / 1000;
  return {
    generatorCpuMsPerRequest: cpuMs / Math.max(1, requests),
    generatorCores: cpuMs / (seconds * 1000),
  };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export interface AlternatedResult {
  name: string;
  route: LoadResult;
  healthz: LoadResult;
  /** Median over the rounds of (route req/s ÷ /healthz req/s of the same round). */
  ratio: number;
}

/**
 * Each round measures /healthz and then each target, so every ratio compares two runs taken
 * seconds apart on the same (shared, noisy) machine; the medians of the rounds are reported.
 */
export async function runAlternated(
  origin: string,
  targets: LoadTarget[],
  options: { rounds: number; seconds: number; connections: number },
  log: (line: string) => void,
  serverPid?: number,
): Promise<AlternatedResult[]> {
  const healthz: LoadTarget = { name: '/healthz', path: () => '/healthz' };
  const perTarget = targets.map(() => ({ route: [] as LoadResult[], healthz: [] as LoadResult[] }));
  for (let round = 1; round <= options.rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const health = await runLoad(origin, healthz, options, serverPid);
      const route = await runLoad(origin, target, options, serverPid);
      perTarget[index]?.healthz.push(health);
      perTarget[index]?.route.push(route);
      log(
        `  round ${round} ${target.name}: ${route.requestsPerSecond.toFixed(0)} req/s (p99 ${route.p99} ms, non-2xx ${route.non2xx}, errors ${route.errors}) vs /healthz ${health.requestsPerSecond.toFixed(0)} req/s`,
      );
    }
  }
  return targets.map((target, index) => {
    const runs = perTarget[index] ?? { route: [], healthz: [] };
    return {
      name: target.name,
      route: medianResult(runs.route),
      healthz: medianResult(runs.healthz),
      ratio: median(
        runs.route.map((run, round) => run.requestsPerSecond / (runs.healthz[round]?.requestsPerSecond || 1)),
      ),
    };
  });
}

function medianResult(runs: LoadResult[]): LoadResult {
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    cpuMsPerRequest: runs.every((run) => run.cpuMsPerRequest !== undefined)
      ? median(runs.map((run) => run.cpuMsPerRequest ?? 0))
      : undefined,
    generatorCpuMsPerRequest: median(runs.map((run) => run.generatorCpuMsPerRequest)),
    generatorCores: median(runs.map((run) => run.generatorCores)),
  };
}
