import type * as clientLimitsTables from '@ember/db/schema/client-limits';
import type * as sessionsTables from '@ember/db/schema/sessions';
import type { ModuleDb } from '@ember/db/types';

/** The sessions module's database handle: relational queries over its own tables (schema/client-limits.ts, schema/sessions.ts) only (decision 0070). */
export type Db = ModuleDb<typeof clientLimitsTables & typeof sessionsTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
