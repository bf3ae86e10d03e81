import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

export const DEFAULT_SERVER = 'http://localhost:3000';
export const DEFAULT_BASE = '/api/client';

/** What the client remembers between runs. */
export interface ClientState {
  server: string;
  /** The client API base path on the server (the server's API_CLIENT_BASE). */
  base: string;
  /** The device token (emc_…); absent when signed out. */
  token?: string;
  /** The signed-in user's id, from the device token answer; every manifest must be theirs. */
  userId?: number;
  /** The manifest keys (hex) the trusted TUF root named when the versions below were accepted. */
  manifestKeys?: string[];
  /** The highest manifest version accepted, per user id: a lower or equal one is a rollback. */
  manifestVersions: Record<string, number>;
}

export const emptyState = (): ClientState => ({
  server: DEFAULT_SERVER,
  base: DEFAULT_BASE,
  manifestVersions: {},
});

/** The state directory: EMBER_CLIENT_HOME, else ~/.ember-client. */
export const clientHome = (env: NodeJS.ProcessEnv = process.env): string =>
  env.EMBER_CLIENT_HOME || path.join(homedir(), '.ember-client');

export interface StateStore {
  readonly dir: string;
  load(): Promise<ClientState>;
  save(state: ClientState): Promise<void>;
}

/** `state.json` in `dir`, readable by its owner only (it holds the token). */
export function createStateStore(dir: string): StateStore {
  const file = path.join(dir, 'state.json');
  return {
    dir,
    async load() {
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (text === null) return emptyState();
      let parsed: Partial<ClientState>;
      try {
        parsed = JSON.parse(text) as Partial<ClientState>;
      } catch {
        throw new Error(`${file} is not valid JSON; delete it and sign in again.`);
      }
      return { ...emptyState(), ...parsed };
    },
    async save(state) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Written aside and renamed, so an interrupted run never leaves half a state file.
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, file);
    },
  };
}
