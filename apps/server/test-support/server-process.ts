import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { nodeArgsToStart } from '../src/scripts/server-entry.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  /** Everything the server wrote so far, standard output and error together. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The real entry point (server.ts) in a child process, from the repository root as `npm run serve`
 * starts it, with `env` over the test's environment; resolves once its output contains `readyText`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  readyText: string,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, nodeArgsToStart(), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  const started = Date.now();
  while (!text.includes(readyText)) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${text}`);
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`the server did not print "${readyText}": ${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { output: () => text, stop };
}
