import { readFile } from 'node:fs/promises';

/** The root of trust shipped inside the client (docs/trust.md): the store's root, committed here. */
const SHIPPED_ROOT_FILE = new URL('../trust/root.json', import.meta.url);

/** Why the client has no root to start from; it trusts nothing without one. */
export class TrustRootMissing extends Error {
  override readonly name = 'TrustRootMissing';
}

/**
 * The root the client starts its chain from: the shipped one, unless a development or test server
 * of one's own is meant (`--trust-root <file>` or EMBER_TRUST_ROOT: that server's first root,
 * decision 0064). Only ever a file on this machine, never something learnt over the network.
 */
export async function trustRoot(override?: string): Promise<{ root: string; source: string }> {
  const file = override || SHIPPED_ROOT_FILE;
  const source = override ? override : 'the root shipped with the client';
  try {
    return { root: await readFile(file, 'utf8'), source };
  } catch (error) {
    throw new TrustRootMissing(`Cannot read ${source} (${(error as Error).message}).`);
  }
}
