import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { nodeArgsToStart } from '../../src/scripts/server-entry.ts';
import { waitUntil } from './job-test-helpers.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A start on a new database runs the migrations: seen over 20 s while the whole suite ran on 2 cores. */
const READY_WITHIN_MS = 60_000;

/** TypeScript entry points run as child processes (`node --import tsx`), killed by `killAll`. */
export function childProcesses() {
  const children: ChildProcess[] = [];

  return {
    /** Starts `script` and waits until its standard output contains `readyText`. */
    async start(script: string, env: Record<string, string>, readyText: string): Promise<ChildProcess> {
      const child = spawn(process.execPath, nodeArgsToStart(script), {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      await waitUntil(
        `${script} to print "${readyText}"`,
        () => {
          if (child.exitCode !== null || child.signalCode !== null) {
            throw new Error(`${script} exited (${child.exitCode ?? child.signalCode}): ${output}`);
          }
          return output.includes(readyText);
        },
        READY_WITHIN_MS,
      );
      return child;
    },

    async killAll(): Promise<void> {
      const running = children
        .splice(0)
        .filter((child) => child.exitCode === null && child.signalCode === null);
      for (const child of running) child.kill('SIGKILL');
      await Promise.all(running.map((child) => once(child, 'exit')));
    },
  };
}
