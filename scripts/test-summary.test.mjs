import { describe, expect, it } from 'vitest';
import { distinctTests, playwrightResults, summarize, vitestResults } from './test-summary.mjs';

const ROOT = '/repo';
const groupOf = (file) => (file.endsWith('.postgres.test.ts') ? 'postgres' : 'integration');

const vitestReport = (statusOfB) => ({
  testResults: [
    {
      name: '/repo/apps/server/src/a.test.ts',
      assertionResults: [
        { fullName: 'a works', status: 'passed' },
        { fullName: 'a also works', status: statusOfB },
      ],
    },
  ],
});

const playwrightReport = {
  suites: [
    {
      title: '',
      specs: [{ title: 'logs in', tests: [{ projectName: 'setup', status: 'expected' }] }],
      suites: [],
    },
    {
      title: 'shop.spec.ts',
      specs: [],
      suites: [
        {
          title: 'shop list',
          specs: [
            { title: 'pages', tests: [{ projectName: 'chromium', status: 'expected' }] },
            { title: 'searches', tests: [{ projectName: 'chromium', status: 'flaky' }] },
            { title: 'filters', tests: [{ projectName: 'chromium', status: 'unexpected' }] },
          ],
        },
      ],
    },
  ],
};

describe('test summary', () => {
  it('counts an integration test that ran on PGlite and on PostgreSQL once', () => {
    const results = [
      ...vitestResults(vitestReport('passed'), ROOT, groupOf),
      ...vitestResults(vitestReport('passed'), ROOT, groupOf),
    ];
    expect(results).toHaveLength(4);
    expect(distinctTests(results)).toHaveLength(2);
  });

  it('counts a test that failed on one engine as failed', () => {
    const results = [
      ...vitestResults(vitestReport('passed'), ROOT, groupOf),
      ...vitestResults(vitestReport('failed'), ROOT, groupOf),
    ];
    const { failed, lines } = summarize({ results, runsByEngine: { pglite: 2, postgres: 2 } });
    expect(failed).toBe(1);
    expect(lines[0]).toBe('tests: 2 distinct (integration 2): 1 passed, 1 failed, 0 flaky, 0 skipped');
    expect(lines).toContain('FAILED: apps/server/src/a.test.ts > a also works');
  });

  it('says how many integration tests ran on each database, PostgreSQL-only ones apart', () => {
    const { lines } = summarize({
      results: [],
      runsByEngine: { pglite: 300, postgres: 300, postgresOnly: 4 },
    });
    expect(lines).toContain(
      'integration runs: 300 on PGlite, 300 on PostgreSQL + 4 PostgreSQL-only (cannot fail on PGlite)',
    );
  });

  it('names flaky e2e tests and leaves the setup steps out of the count', () => {
    const results = playwrightResults(playwrightReport);
    expect(results.map((result) => result.outcome)).toEqual(['passed', 'flaky', 'failed']);
    const { flaky, failed, lines } = summarize({ results, runsByEngine: {} });
    expect(flaky).toEqual(['shop.spec.ts > shop list > searches']);
    expect(failed).toBe(1);
    expect(lines).toContain('FLAKY: shop.spec.ts > shop list > searches');
    expect(lines[0]).toBe('tests: 3 distinct (e2e 3): 1 passed, 1 failed, 1 flaky, 0 skipped');
  });
});
