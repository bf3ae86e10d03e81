import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Obfuscation } from '@ember/contracts/enums';
import { RepoUpdateRejected } from './plugins-manifest.ts';

const run = promisify(execFile);

export const SOX_NOT_CONFIGURED_MESSAGE = 'SOX obfuscation is not configured on this server.';

/** Turns a built plugin jar into the jar delivered to clients, as the repository's obfuscation says. */
export type Obfuscate = (
  obfuscation: Obfuscation,
  jar: Uint8Array,
  context: { pluginName: string; config: Record<string, unknown> | null },
) => Promise<Uint8Array>;

/**
 * NONE passes the jar through. SOX runs OBFUSCATOR_COMMAND as `command <input.jar> <output.jar>
 * <config.json>` (execFile: no shell, so nothing in a path or the config is ever interpreted), with
 * the repository's obfuscator config as the JSON file, within the timeout; without a command SOX
 * repositories fail with a clear reason rather than ship an unobfuscated jar.
 */
export function createObfuscator(config: { command?: string; timeoutMs: number }): Obfuscate {
  return async (obfuscation, jar, { pluginName, config: obfuscatorConfig }) => {
    if (obfuscation === 'NONE') return jar;
    if (!config.command) throw new RepoUpdateRejected(SOX_NOT_CONFIGURED_MESSAGE);
    const dir = await mkdtemp(path.join(tmpdir(), 'ember-sox-'));
    try {
      const input = path.join(dir, 'input.jar');
      const output = path.join(dir, 'output.jar');
      const configFile = path.join(dir, 'config.json');
      await writeFile(input, jar);
      await writeFile(configFile, JSON.stringify(obfuscatorConfig ?? {}));
      try {
        await run(config.command, [input, output, configFile], {
          timeout: config.timeoutMs,
          killSignal: 'SIGKILL',
          maxBuffer: 1_048_576,
        });
      } catch (error) {
        const failure = error as { killed?: boolean; stderr?: string; code?: unknown };
        if (failure.killed) {
          throw new RepoUpdateRejected(
            `The SOX obfuscator took longer than ${Math.round(config.timeoutMs / 1000)} s on ${pluginName}.`,
          );
        }
        const lastLine = String(failure.stderr ?? '')
          .trim()
          .split('\n')
          .at(-1)
          ?.slice(0, 300);
        throw new RepoUpdateRejected(
          `The SOX obfuscator failed on ${pluginName}${lastLine ? `: ${lastLine}` : ` (exit ${String(failure.code)})`}.`,
        );
      }
      const result = await readFile(output).catch(() => null);
      if (!result || result.byteLength === 0) {
        throw new RepoUpdateRejected(`The SOX obfuscator wrote no jar for ${pluginName}.`);
      }
      return new Uint8Array(result);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
