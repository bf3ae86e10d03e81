import type * as clientAccessTables from '@ember/db/schema/client-access';
import type { ModuleDb } from '@ember/db/types';

/** The client-api module's database handle: relational queries over its own tables (schema/client-access.ts) only (decision 0070). */
export type Db = ModuleDb<typeof clientAccessTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
