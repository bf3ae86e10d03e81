import type * as auditTables from '@ember/db/schema/audit';
import type { ModuleDb } from '@ember/db/types';

/** The audit module's database handle: relational queries over its own tables (schema/audit.ts) only (decision 0070). */
export type Db = ModuleDb<typeof auditTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
