import type * as walletTables from '@ember/db/schema/wallet';
import type { ModuleDb } from '@ember/db/types';

/** The wallet module's database handle: relational queries over its own tables (schema/wallet.ts) only (decision 0070). */
export type Db = ModuleDb<typeof walletTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
