import type * as subscriptionsTables from '@ember/db/schema/subscriptions';
import type { ModuleDb } from '@ember/db/types';

/** The subscriptions module's database handle: relational queries over its own tables (schema/subscriptions.ts) only (decision 0070). */
export type Db = ModuleDb<typeof subscriptionsTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
