import type { Db } from './db.ts';
export const probe01 = (db: Db) => db.query.users.findFirst();
