import type * as identityTables from '@ember/db/schema/identity';
import type { ModuleDb } from '@ember/db/types';

/** The identity module's database handle: relational queries over its own tables (schema/identity.ts) only (decision 0070). */
export type Db = ModuleDb<typeof identityTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
