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
