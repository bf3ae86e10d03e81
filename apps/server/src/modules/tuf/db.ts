import type * as tufTables from '@ember/db/schema/tuf';
import type { ModuleDb } from '@ember/db/types';

/** The tuf module's database handle: relational queries over its own tables (schema/tuf.ts) only (decision 0070). */
export type Db = ModuleDb<typeof tufTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
