import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's entry point, as `npm run serve` starts it. */
export const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));

/**
 * node's arguments that start `script` in a child process: through tsx, or, for server.ts when
 * `EMBER_SERVER_BUNDLE` names a bundle of it (`npm test` builds one, scripts/build-server-bundle.mjs,
 * decision 0080), that bundle: the same source, started in half the CPU.
 */
export function nodeArgsToStart(script: string = SERVER_ENTRY): string[] {
  const bundle = process.env.EMBER_SERVER_BUNDLE;
  return bundle && path.resolve(script) === SERVER_ENTRY ? [bundle] : ['--import', 'tsx', script];
}
