import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { runMigrations } from './migrate.ts';
import * as schema from './schema/index.ts';
import type { Db, DbKind } from './types.ts';

export interface DbClientOptions {
  /** PostgreSQL connection string; without it an embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory; undefined or 'memory://' keeps the data in memory. */
  dataDir?: string;
  /** node-postgres pool size. */
  maxConnections?: number;
}

export interface DbClient {
  db: Db;
  kind: DbKind;
  migrate(): Promise<void>;
  /** True when a trivial query succeeds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const IN_MEMORY = 'memory://';

export function createDbClient(options: DbClientOptions = {}): DbClient {
  return options.databaseUrl
    ? createPostgresClient(options.databaseUrl, options)
    : createPgliteClient(options);
}

function createPostgresClient(connectionString: string, options: DbClientOptions): DbClient {
  // JIT compiling costs more (tens to hundreds of ms) than the short queries of a web app save (issue 11).
  const pool = new pg.Pool({ connectionString, max: options.maxConnections ?? 10, options: '-c jit=off' });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePostgres(pool, { schema });
  return withCommonMethods(db, 'postgres', () => pool.end());
}

/** Extensions the migrations need; every PGlite instance must load them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

function createPgliteClient(options: DbClientOptions): DbClient {
  const dataDir = options.dataDir && options.dataDir !== IN_MEMORY ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return wrapPglite(new PGlite({ dataDir, extensions: PGLITE_EXTENSIONS }));
}

/** A client over an existing PGlite instance (for example one restored from a snapshot); closing it closes the instance. */
export function wrapPglite(pglite: PGlite): DbClient {
  const db = drizzlePglite(pglite, { schema });
  return withCommonMethods(db, 'pglite', () => pglite.close());
}

function withCommonMethods(db: Db, kind: DbKind, closeDriver: () => Promise<void>): DbClient {
  let closed = false;
  return {
    db,
    kind,
    migrate: () => runMigrations(db),
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await closeDriver();
    },
  };
}
