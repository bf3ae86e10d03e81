import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
export const probe03 = (db: Db) => db.execute(sql`select count(*) from users where enabled`);
