import { readFileSync } from 'node:fs';

/** The root of trust shipped inside the client (docs/trust.md); committed at apps/client/trust/root.json. */
export const SHIPPED_ROOT_FILE = new URL('../trust/root.json', import.meta.url);

/** The shipped root, when this build carries one (a build without it pins keys at login, as before). */
export function shippedTrust(): { shippedRoot: string } | undefined {
  try {
    return { shippedRoot: readFileSync(SHIPPED_ROOT_FILE, 'utf8') };
  } catch {
    return undefined;
  }
}
