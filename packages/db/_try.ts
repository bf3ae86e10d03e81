import { createTestDatabase } from './src/testing/test-database.ts';
import { seedDemoData } from './src/seed/seed.ts';
let t = Date.now();
const db = await createTestDatabase({ seed: false });
console.log('migrated', Date.now() - t); t = Date.now();
console.log(await seedDemoData(db.db), Date.now() - t); t = Date.now();
console.log(await seedDemoData(db.db), Date.now() - t);
await db.close();
