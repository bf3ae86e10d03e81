import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustRoot } from '../../../../client/src/shipped-trust.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { CLIENT_BASE, freshDataDir } from '../client-api/client-api.fixtures.ts';
import { customerClient } from './tuf-app.fixtures.ts';

// A server with the demo data and no operator's trust (development, e2e): its own root, and the
// seeded plugins signed as their developers' releases (decision 0064). A client started with that
// server's root runs them through TUF; a client with the shipped root refuses the server.

let ctx: TestContext;
let origin: string;
let localRoot: string;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: await freshDataDir(), SEED_ON_EMPTY: 'true' });
  origin = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  // What `--trust-root DATA_DIR/trust/signed/1.root.json` reads on the server's machine.
  localRoot = (await ctx.app.inject({ url: `${CLIENT_BASE}/tuf/metadata/1.root.json` })).body;
});

afterAll(async () => {
  await ctx?.close();
});

async function player(root: string) {
  return (await customerClient(ctx, origin, root, 'ember-local-trust-')).client;
}

describe('a development server on its local trust', () => {
  it("runs every demo plugin of the player's manifest through TUF, each signed under its developer's path", async () => {
    const client = await player(localRoot);
    const manifest = await client.verifiedManifest();
    expect(manifest.plugins.length).toBeGreaterThan(0);
    const jars = await mkdtemp(path.join(tmpdir(), 'jars-'));
    for (const plugin of manifest.plugins) {
      expect(plugin.target).toMatch(/^plugins\/\d+\/.+\.jar$/);
      await client.download(plugin.id, jars);
    }
  });

  it('is refused by a client holding the shipped root: it is not the store', async () => {
    const client = await player((await trustRoot()).root);
    await expect(client.verifiedManifest()).rejects.toThrow(/^The store's signed metadata was refused/);
  });
});
