// Counting for `npm test` (scripts/test.mjs): distinct tests, not runs. Lint, typecheck and the web
// build are checks, not tests; an integration test that ran on PGlite and on PostgreSQL is one test
// (failed if it failed on either); flaky e2e tests are named. docs/decisions/0003-test-pipeline.md.
import path from 'node:path';

/**
 * @typedef {'passed' | 'failed' | 'flaky' | 'skipped'} Outcome
 * @typedef {{ id: string, group: string, outcome: Outcome }} TestResult
 */

const VITEST_OUTCOMES = {
  passed: 'passed',
  failed: 'failed',
  skipped: 'skipped',
  pending: 'skipped',
  todo: 'skipped',
};
const PLAYWRIGHT_OUTCOMES = { expected: 'passed', unexpected: 'failed', flaky: 'flaky', skipped: 'skipped' };

/**
 * The tests of a vitest JSON report, each in the group `groupOf(file)` names.
 * @param {{ testResults?: { name: string, assertionResults?: { fullName: string, status: string }[] }[] }} report
 * @param {string} root repository root, so ids do not depend on where the checkout lives
 * @param {(file: string) => string} groupOf
 * @returns {TestResult[]}
 */
export function vitestResults(report, root, groupOf) {
  return (report.testResults ?? []).flatMap((file) => {
    const relative = path.relative(root, file.name).split(path.sep).join('/');
    return (file.assertionResults ?? []).map((test) => ({
      id: `${relative} > ${test.fullName}`,
      group: groupOf(relative),
      outcome: /** @type {Outcome} */ (VITEST_OUTCOMES[test.status] ?? 'failed'),
    }));
  });
}

/**
 * The tests of a Playwright JSON report (group 'e2e'); the `setup` project's steps are not tests.
 * @param {{ suites?: object[] }} report
 * @returns {TestResult[]}
 */
export function playwrightResults(report) {
  /** @type {TestResult[]} */
  const results = [];
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.projectName === 'setup') continue;
        results.push({
          id: [...here, spec.title].join(' > '),
          group: 'e2e',
          outcome: /** @type {Outcome} */ (PLAYWRIGHT_OUTCOMES[test.status] ?? 'failed'),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return results;
}

const RANK = { failed: 3, flaky: 2, passed: 1, skipped: 0 };

/**
 * One entry per distinct test (group + id): the worst outcome of its runs.
 * @param {TestResult[]} results
 * @returns {TestResult[]}
 */
export function distinctTests(results) {
  /** @type {Map<string, TestResult>} */
  const byKey = new Map();
  for (const result of results) {
    const key = `${result.group}\u0000${result.id}`;
    const seen = byKey.get(key);
    if (!seen || RANK[result.outcome] > RANK[seen.outcome]) byKey.set(key, result);
  }
  return [...byKey.values()];
}

/**
 * The summary lines of a run.
 * @param {{ results: TestResult[], runsByEngine: { pglite?: number, postgres?: number, postgresOnly?: number } }} input
 * @returns {{ lines: string[], failed: number, flaky: string[] }}
 */
export function summarize({ results, runsByEngine }) {
  const tests = distinctTests(results);
  const count = (/** @type {Outcome} */ outcome) => tests.filter((test) => test.outcome === outcome).length;
  const groups = [...new Set(tests.map((test) => test.group))];
  const perGroup = groups.map((group) => `${group} ${tests.filter((test) => test.group === group).length}`);
  const flaky = tests.filter((test) => test.outcome === 'flaky').map((test) => test.id);
  const lines = [
    `tests: ${tests.length} distinct (${perGroup.join(', ')}): ${count('passed')} passed, ${count('failed')} failed, ${flaky.length} flaky, ${count('skipped')} skipped`,
  ];
  const { pglite, postgres, postgresOnly } = runsByEngine;
  if (pglite !== undefined || postgres !== undefined) {
    const onPostgres = postgres === undefined ? 'not run' : `${postgres}`;
    const only = postgresOnly ? ` + ${postgresOnly} PostgreSQL-only (cannot fail on PGlite)` : '';
    lines.push(`integration runs: ${pglite ?? 'not run'} on PGlite, ${onPostgres} on PostgreSQL${only}`);
  }
  // Named here, at the end of the run, because a CI report may show only the output's tail.
  for (const test of tests.filter((test) => test.outcome === 'failed')) lines.push(`FAILED: ${test.id}`);
  for (const name of flaky) lines.push(`FLAKY: ${name}`);
  return { lines, failed: count('failed'), flaky };
}
