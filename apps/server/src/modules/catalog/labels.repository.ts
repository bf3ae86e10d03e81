import { labels } from '@ember/db/schema/catalog';
import type { Db } from '@ember/db/types';
import { asc, eq } from 'drizzle-orm';

const labelColumns = { id: labels.id, name: labels.name, icon: labels.icon };

export function findAllLabels(db: Db) {
  return db.select(labelColumns).from(labels).orderBy(asc(labels.id));
}

export async function findLabelById(db: Db, id: number) {
  const [row] = await db.select(labelColumns).from(labels).where(eq(labels.id, id));
  return row ?? null;
}
