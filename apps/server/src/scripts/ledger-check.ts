import { createDbClient } from '@ember/db/client';
import { pgErrorOf } from '@ember/db/errors';
import { InvalidEnvironmentError, parseEnv } from '../config/env.ts';
import { createWalletService, describeLedgerReport } from '../modules/wallet/index.ts';

/**
 * `npm run ledger:check`: proves the books (decision 0008): every journal balances, every user
 * account's cached balance equals the sum of its postings and is not negative, every balance_after
 * follows from the posting before, and the trial balance (every account, system accounts included)
 * sums to zero; prints the trial balance. Uses DATABASE_URL, else the PGlite data directory
 * DATA_DIR (stop the server first: PGlite is single-process). Exits 1 and lists the offending rows
 * when anything disagrees.
 */
const UNDEFINED_TABLE = '42P01';

async function main(): Promise<number> {
  const env = parseEnv(process.env);
  const database = createDbClient({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    maxConnections: 1,
  });
  try {
    const report = await createWalletService({ db: database.db }).checkLedger();
    const lines = describeLedgerReport(report);
    (report.ok ? console.log : console.error)(lines.join('\n'));
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof InvalidEnvironmentError) console.error(error.message);
    else if (pgErrorOf(error)?.code === UNDEFINED_TABLE) {
      console.error('This database has no ledger yet: start the server once or run `npm run db:seed` first.');
    } else console.error(error);
    process.exit(1);
  },
);
