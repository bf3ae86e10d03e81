import type * as deliveryTables from '@ember/db/schema/delivery';
import type * as pluginShowcaseTables from '@ember/db/schema/plugin-showcase';
import type { ModuleDb } from '@ember/db/types';

/** The delivery module's database handle: relational queries over its own tables (schema/delivery.ts, schema/plugin-showcase.ts) only (decision 0070). */
export type Db = ModuleDb<typeof deliveryTables & typeof pluginShowcaseTables>;

/** A handle from any module: what code that another module calls, or hands a transaction to, takes. */
export type { HandedDb } from '@ember/db/types';
