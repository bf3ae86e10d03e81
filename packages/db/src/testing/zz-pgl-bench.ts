import { openMigratedPglite, dumpPglite, openPgliteDump } from './pglite-snapshot.ts';
import { seedDemoData } from '../seed/seed.ts';
import { writeFileSync } from 'node:fs';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
let t = cpu(), w = Date.now();
const { client, pglite } = await openMigratedPglite();
await seedDemoData(client.db);
writeFileSync('/tmp/seeded.tar.gz', await dumpPglite(pglite));
console.log('seed+dump', (cpu() - t).toFixed(2), (Date.now() - w) / 1000);
for (let i = 0; i < 3; i++) {
  t = cpu(); w = Date.now();
  const x = await openPgliteDump('/tmp/seeded.tar.gz');
  await x.pglite.query('select count(*) from users');
  console.log('loadDataDir', (cpu() - t).toFixed(2), (Date.now() - w) / 1000);
  await x.pglite.close();
}
for (let i = 0; i < 3; i++) {
  t = cpu(); w = Date.now();
  const c = await pglite.clone();
  await c.query('select count(*) from users');
  console.log('clone', (cpu() - t).toFixed(2), (Date.now() - w) / 1000);
  await c.close();
}
