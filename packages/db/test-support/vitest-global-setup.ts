import { createSeededPgliteDump, createSeededTemplate } from './seeded-templates.ts';

/** Vitest global setup of the integration tests: the run's seeded database (seeded-templates.ts). */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? createSeededTemplate(serverUrl) : createSeededPgliteDump();
}
