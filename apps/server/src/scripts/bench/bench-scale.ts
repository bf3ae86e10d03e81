import { median, runLoad } from './bench-load.ts';

export interface ScaleProbe {
  name: string;
  path: string;
  token?: string;
  /** Also measure throughput at this many connections (5 s). */
  connections?: number;
}

export interface ScaleResult {
  name: string;
  status: number;
  bytes: number;
  p50: number;
  p95: number;
  requestsPerSecond?: number;
}

const WARMUP = 3;
const SAMPLES = 30;

/** Latency of one request at a time (p50/p95 of SAMPLES after WARMUP), the answer's status and size. */
export async function probe(origin: string, target: ScaleProbe): Promise<ScaleResult> {
  const headers: Record<string, string> = target.token ? { authorization: `Bearer ${target.token}` } : {};
  const timings: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}${target.path}`, { headers });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    status = response.status;
    bytes = body.byteLength;
    if (i >= WARMUP) timings.push(elapsed);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const result: ScaleResult = {
    name: target.name,
    status,
    bytes,
    p50: median(timings),
    p95: sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0,
  };
  if (target.connections) {
    const load = await runLoad(
      origin,
      { name: target.name, path: () => target.path, headers: () => headers },
      { seconds: 5, connections: target.connections },
    );
    result.requestsPerSecond = load.requestsPerSecond;
  }
  return result;
}
