import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

/** A fake outside service (Stripe, Discord, …): the env that points the app at it, and its stop. */
export interface Fake {
  env: Record<string, string>;
  close(): Promise<unknown>;
}

/** A test app pointed at a fake started just before it; the fake is stopped if the app does not start. */
export async function createTestAppOn<F extends Fake>(
  fake: F,
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; fake: F }> {
  try {
    return { fake, ctx: await createTestApp({ ...fake.env, ...env }) };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

/** Closes what a file's beforeAll started, as far as it got. */
export async function closeTestAppOn({ ctx, fake }: { ctx?: TestContext; fake?: Fake }) {
  await ctx?.close();
  await fake?.close();
}

/**
 * The test file's app pointed at a fake started in the file's beforeAll (as `createTestAppOn`),
 * both closed in its afterAll. The returned context and fake are filled in when beforeAll runs
 * (the fake's own fields are copied over: its collections and functions, which fakes never swap).
 */
export function useTestAppOn<F extends Fake>(
  startFake: () => Promise<F>,
  env: Record<string, string> = {},
): { ctx: TestContext; fake: F } {
  const ctx = {} as TestContext;
  const fake = {} as F;
  const started: { ctx?: TestContext; fake?: Fake } = {};
  beforeAll(async () => {
    started.fake = Object.assign(fake, await startFake());
    started.ctx = Object.assign(ctx, (await createTestAppOn(fake, env)).ctx);
  });
  afterAll(() => closeTestAppOn(started));
  return { ctx, fake };
}
