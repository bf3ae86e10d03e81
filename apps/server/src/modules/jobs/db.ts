import type { HandedDb } from '@ember/db/types';

/** The jobs module owns no table: its handle's relational queries know none (decision 0070). */
export type Db = HandedDb;

export type { HandedDb };
