import type * as usersTables from '@ember/db/schema/users';
import type { ModuleDb } from '@ember/db/types';

/** The users module's database handle: relational queries over its own tables (schema/users.ts) only (decision 0070). */
export type Db = ModuleDb<typeof usersTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
