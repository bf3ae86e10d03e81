import { defineConfig } from 'drizzle-kit';

// Paths are relative to the working directory; the root script `npm run db:generate` runs from the repository root.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
  strict: true,
});
