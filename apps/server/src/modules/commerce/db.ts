import type * as commerceTables from '@ember/db/schema/commerce';
import type { ModuleDb } from '@ember/db/types';

/** The commerce module's database handle: relational queries over its own tables (schema/commerce.ts) only (decision 0070). */
export type Db = ModuleDb<typeof commerceTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
