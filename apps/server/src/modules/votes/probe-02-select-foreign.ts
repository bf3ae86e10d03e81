import { users } from '@ember/db/schema/users';
import type { Db } from './db.ts';
export const probe02 = (db: Db) => db.select().from(users);
