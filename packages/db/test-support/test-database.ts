import { randomBytes } from 'node:crypto';
import { type BooksReport, checkBooks, describeBooksReport } from '../src/books/check-books.ts';
import { createDbClient, type DbClient } from '../src/client.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { openMigratedPglite, openPgliteDump } from './pglite-snapshot.ts';
import { databaseUrlOf, seededCopyForNow, withAdminConnection } from './seeded-templates.ts';

export interface TestDatabaseOptions {
  /** Fill with the demo data (default true). */
  seed?: boolean;
  /** Reference time for the demo data. */
  now?: Date;
  /**
   * Prove the books when the database is closed (default true): every test file that moves money
   * ends with a balanced books check. Only a test that breaks the books on purpose turns it off.
   */
  checkBooksOnClose?: boolean;
  /** A PostgreSQL server to create the database on, whatever DATABASE_URL says (tests that need several connections or processes). */
  serverUrl?: string;
}

export interface TestDatabase extends DbClient {
  /** Name of the throwaway PostgreSQL database; undefined on PGlite. */
  databaseName?: string;
  /** Connection string of the throwaway PostgreSQL database, for other processes; undefined on PGlite. */
  url?: string;
}

const TEST_DATABASE_PREFIX = 'ember_dbtest_';

/**
 * A fresh migrated (and by default seeded) database for one test file. PGlite in memory (restored
 * from a cached migrated snapshot) unless DATABASE_URL is set; then a uniquely named database is
 * created on that server and dropped on close. `migrate()` has already run.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL;
  // The run's seeded copy serves a file that wants the demo data as of now (seeded-templates.ts).
  const { template, pgliteDump: seededDump } =
    (options.seed ?? true) && options.now === undefined ? seededCopyForNow() : {};
  const database = serverUrl
    ? await createPostgresTestDatabase(serverUrl, template)
    : seededDump
      ? (await openPgliteDump(seededDump)).client
      : (await openMigratedPglite()).client;
  try {
    await database.migrate();
    if (options.seed ?? true) await seedDemoData(database.db, { now: options.now });
    return options.checkBooksOnClose === false ? database : withBooksCheckOnClose(database);
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Closes the database, then fails the closing with the report if the books do not hold. */
function withBooksCheckOnClose(database: TestDatabase): TestDatabase {
  return {
    ...database,
    async close() {
      let report: BooksReport | undefined;
      try {
        report = await checkBooks(database.db);
      } finally {
        await database.close();
      }
      if (!report.ok) {
        throw new Error(
          `The books do not hold after this test file:\n${describeBooksReport(report).join('\n')}`,
        );
      }
    },
  };
}

async function createPostgresTestDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const databaseName = `${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminConnection(serverUrl, (admin) =>
    admin.query(`create database "${databaseName}"${template ? ` template "${template}"` : ''}`),
  );
  const url = new URL(databaseUrlOf(serverUrl, databaseName));
  const client = createDbClient({ databaseUrl: url.toString(), maxConnections: 5 });
  return {
    ...client,
    databaseName,
    url: url.toString(),
    async close() {
      await client.close();
      await withAdminConnection(serverUrl, (admin) =>
        admin.query(`drop database if exists "${databaseName}" with (force)`),
      );
    },
  };
}
