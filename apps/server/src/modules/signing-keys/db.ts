import type * as signingKeysTables from '@ember/db/schema/signing-keys';
import type { ModuleDb } from '@ember/db/types';

/** The signing-keys module's database handle: relational queries over its own tables (schema/signing-keys.ts) only (decision 0070). */
export type Db = ModuleDb<typeof signingKeysTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
