// TEMPORARY (not committed): profile the server under one client target.
import { BENCH_LOAD, benchDatabase } from './bench-config.ts';
import { ensureBenchDatabase } from './bench-data.ts';
import { runAlternated } from './bench-load.ts';
import { startBenchServer } from './bench-server.ts';
import { createClients, deleteClients, openOneSessionEach, CLIENT_BASE, PSEUDO_CLIENT } from './client-fixtures.ts';
import { heartbeatTarget } from './client-load.ts';

const which = process.argv[2] ?? 'heartbeat';
const prof = process.argv[3] === 'prof';
const bench = benchDatabase();
await ensureBenchDatabase(bench);
const server = await startBenchServer({ port: 3400, databaseUrl: bench.url, nodeArgs: prof ? ['--cpu-prof', '--cpu-prof-dir=/tmp/i36/prof'] : [] });
try {
  const created = await createClients(bench.url, { free: 2000, vip: 2000 });
  const sessions = await openOneSessionEach(server.origin, created.free);
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
  let cur = created.vip[0]!;
  const targets = {
    heartbeat: heartbeatTarget(created.free, sessions),
    open: { name: 'open', method: 'POST' as const, path: () => { cur = pick(created.vip); return `${CLIENT_BASE}/sessions`; }, headers: () => ({ authorization: `Bearer ${cur.token}`, 'content-type': 'application/json' }), body: JSON.stringify({ pluginId: PSEUDO_CLIENT }) },
    manifest: { name: 'manifest', method: 'GET' as const, path: () => { cur = pick(created.free); return `${CLIENT_BASE}/manifest`; }, headers: () => ({ authorization: `Bearer ${cur.token}` }) },
  };
  const [r] = await runAlternated(server.origin, [targets[which as keyof typeof targets]], { ...BENCH_LOAD, rounds: Number(process.env.ROUNDS ?? 2) }, console.log, server.pid);
  console.log(which, 'ratio', r?.ratio.toFixed(3), 'cpu/req', r?.route.cpuMsPerRequest?.toFixed(3), 'healthz cpu', r?.healthz.cpuMsPerRequest?.toFixed(3), 'p99', r?.route.p99);
} finally {
  await server.stop();
  await deleteClients(bench.url);
}
