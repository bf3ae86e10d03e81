import { labels } from '@ember/db/schema/catalog';
import { asc, eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

const labelColumns = { id: labels.id, name: labels.name, icon: labels.icon };

export function findAllLabels(db: HandedDb) {
  return db.select(labelColumns).from(labels).orderBy(asc(labels.id));
}

export function findLabelById(db: HandedDb, id: number) {
  return firstRowOrNull(db.select(labelColumns).from(labels).where(eq(labels.id, id)));
}
