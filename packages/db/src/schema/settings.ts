import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/** Small process-wide key/value state: loader version, classpath version, the demo-seed marker. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

export type AppSetting = typeof appSettings.$inferSelect;
