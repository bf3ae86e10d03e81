import type * as catalogTables from '@ember/db/schema/catalog';
import type { ModuleDb } from '@ember/db/types';

/** The catalog module's database handle: relational queries over its own tables (schema/catalog.ts) only (decision 0070). */
export type Db = ModuleDb<typeof catalogTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
