import type * as payoutsTables from '@ember/db/schema/payouts';
import type { ModuleDb } from '@ember/db/types';

/** The payouts module's database handle: relational queries over its own tables (schema/payouts.ts) only (decision 0070). */
export type Db = ModuleDb<typeof payoutsTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
