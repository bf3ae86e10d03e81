import { openMigratedPglite } from './src/testing/pglite-snapshot.ts';
import { seedDemoData } from './src/seed/seed.ts';
for (let i = 0; i < 3; i++) {
  let t = Date.now();
  const c = await openMigratedPglite();
  const ready = Date.now() - t; t = Date.now();
  await seedDemoData(c.db);
  console.log('ready', ready, 'seed', Date.now() - t);
  await c.close();
}
