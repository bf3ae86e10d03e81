import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDbClient } from './client.ts';
import { labels } from './schema/catalog.ts';
import { ensureReferenceData } from './seed/reference-data.ts';

describe('createDbClient', () => {
  it('picks the driver from the options', async () => {
    const postgres = createDbClient({ databaseUrl: 'postgres://postgres@127.0.0.1:1/unreachable' });
    expect(postgres.kind).toBe('postgres');
    expect(await postgres.ping()).toBe(false);
    await postgres.close();
  });

  describe('PGlite in a data directory (whatever DATABASE_URL says)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ember-db-client-'));

    afterAll(() => {
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps data across restarts', async () => {
      const first = createDbClient({ dataDir });
      expect(first.kind).toBe('pglite');
      await first.migrate();
      await ensureReferenceData(first.db);
      await first.close();

      const second = createDbClient({ dataDir });
      await second.migrate();
      expect(await second.db.$count(labels)).toBe(28);
      expect(await second.ping()).toBe(true);
      await second.close();
    });
  });
});
