import type * as settingsTables from '@ember/db/schema/settings';
import type * as votesTables from '@ember/db/schema/votes';
import type { ModuleDb } from '@ember/db/types';

/** The votes module's database handle: relational queries over its own tables (schema/settings.ts, schema/votes.ts) only (decision 0070). */
export type Db = ModuleDb<typeof settingsTables & typeof votesTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
