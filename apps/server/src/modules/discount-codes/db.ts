import type * as discountCodesTables from '@ember/db/schema/discount-codes';
import type { ModuleDb } from '@ember/db/types';

/** The discount-codes module's database handle: relational queries over its own tables (schema/discount-codes.ts) only (decision 0070). */
export type Db = ModuleDb<typeof discountCodesTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
