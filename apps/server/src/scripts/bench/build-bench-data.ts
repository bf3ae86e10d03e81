import { BENCH_SCALE, benchDatabase } from './bench-config.ts';
import { buildBenchData, ensureBenchDatabase, hasBenchData } from './bench-data.ts';
import {
  BENCH_SESSION_LOGS,
  buildSessionLogBenchData,
  ensureSessionLogUsers,
  hasSessionLogBenchData,
} from './bench-session-logs-data.ts';

/**
 * `npm run bench:data`: creates the benchmark database (migrated, demo data) if missing and adds
 * the large data set once (drop the database to rebuild it), then the session logs of issue 36
 * when missing (separately, so an existing bench database gains them; an interrupted build
 * resumes at the first missing day). BENCH_DATA=sessionlogs builds only what /session-logs reads:
 * BENCH_SCALE.users players and their session logs.
 */
async function main() {
  const bench = benchDatabase();
  await ensureBenchDatabase(bench);
  if (process.env.BENCH_DATA === 'sessionlogs') {
    // The /session-logs bench reads users and their session logs only: the plans, subscriptions and
    // journals of the large data set are skipped (a later full build still adds them).
    console.log(`Session logs only: ${await ensureSessionLogUsers(bench)} players in ${bench.name}.`);
  } else if (await hasBenchData(bench)) {
    console.log(`${bench.name} already holds the bench data set; drop the database to rebuild it.`);
  } else {
    const started = Date.now();
    console.log(
      `Building ${BENCH_SCALE.plans} plans, ${BENCH_SCALE.subscriptions} subscriptions and their journals in ${bench.name} ...`,
    );
    await buildBenchData(bench, (line) => console.log(line));
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  }
  if (await hasSessionLogBenchData(bench)) {
    console.log(`${bench.name} already holds the session logs.`);
    return;
  }
  const started = Date.now();
  console.log(
    `Building ${BENCH_SESSION_LOGS.rows} session logs over ${BENCH_SESSION_LOGS.days} days in ${bench.name} ...`,
  );
  await buildSessionLogBenchData(bench, (line) => console.log(line));
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
