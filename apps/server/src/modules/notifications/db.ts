import type * as notificationsTables from '@ember/db/schema/notifications';
import type { ModuleDb } from '@ember/db/types';

/** The notifications module's database handle: relational queries over its own tables (schema/notifications.ts) only (decision 0070). */
export type Db = ModuleDb<typeof notificationsTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
