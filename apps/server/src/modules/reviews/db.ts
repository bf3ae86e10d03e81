import type * as reviewsTables from '@ember/db/schema/reviews';
import type { ModuleDb } from '@ember/db/types';

/** The reviews module's database handle: relational queries over its own tables (schema/reviews.ts) only (decision 0070). */
export type Db = ModuleDb<typeof reviewsTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
