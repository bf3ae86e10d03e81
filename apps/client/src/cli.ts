import { hostname } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ArtifactRejected } from './artifact-check.ts';
import { ClientApiError } from './client-api.ts';
import { DeviceFlowFailed } from './device-flow.ts';
import { createEmberClient, NotEntitled } from './ember-client.ts';
import { ManifestRejected } from './manifest-verifier.ts';
import { TrustRootMissing, trustRoot } from './shipped-trust.ts';
import { clientHome, createStateStore } from './state-store.ts';
import { TargetRejected, TrustRefreshFailed } from './tuf-verifier.ts';

/** Exit codes, documented in apps/client/README.md. */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  notSignedIn: 3,
  refused: 4,
  verification: 5,
  unreachable: 6,
  signInFailed: 7,
} as const;

const USAGE = `Usage: npm run client -- <command> [options]

Commands:
  login [--name <client name>]                       sign in with a code approved on the website
  logout                                             forget the token on this machine
  plugins                                            verify and list the plugins you may run
  download <pluginId|name> [--out <dir>]             download a plugin, checked against the manifest
  sessions                                           list your running sessions
  run <pluginId> [--for <seconds>]                   open a session and keep it alive until Ctrl+C

Options: --server <url> (default http://localhost:3000, remembered), --base <path> (default /api/client),
  --trust-root <file> (a development server's own root instead of the shipped one; also EMBER_TRUST_ROOT).
State: $EMBER_CLIENT_HOME (default ~/.ember-client).`;

class UsageError extends Error {}

export async function main(argv: string[], out = console.log, err = console.error): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    err(`${(error as Error).message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  const { command, args, values } = parsed;
  const home = clientHome();
  try {
    const trust = await trustRoot(values['trust-root'] ?? process.env.EMBER_TRUST_ROOT);
    const client = createEmberClient({
      store: createStateStore(home),
      server: values.server,
      base: values.base,
      trust,
    });
    switch (command) {
      case 'login': {
        await client.login({
          clientName: values.name ?? `Ember client on ${hostname()}`,
          onCode: (code) => {
            out(`To sign in, open ${code.verification_uri_complete}`);
            out(
              `and check that it shows the code ${code.user_code} (or enter it at ${code.verification_uri}).`,
            );
            out('Waiting for approval ...');
          },
        });
        const state = await client.state();
        out(`Signed in to ${state.server} as user ${state.userId}. Trust starts from ${trust.source}.`);
        return EXIT.ok;
      }
      case 'logout':
        out((await client.logout()) ? 'Signed out on this machine.' : 'Not signed in.');
        return EXIT.ok;
      case 'plugins': {
        const manifest = await client.verifiedManifest();
        out(
          `Manifest version ${manifest.version} for user ${manifest.userId}, valid until ${manifest.expiresAt} (signature verified).`,
        );
        if (manifest.plugins.length === 0) out('You are not entitled to any plugin right now.');
        for (const plugin of manifest.plugins) {
          out(
            `${String(plugin.id).padStart(6)}  ${plugin.name} ${plugin.version}  ${plugin.size} bytes  sha256 ${plugin.sha256}`,
          );
        }
        return EXIT.ok;
      }
      case 'download': {
        const ref = required(args[0], 'download needs a plugin id or name');
        const { plugin, file, classPath } = await client.download(
          ref,
          values.out ?? path.join(home, 'plugins'),
        );
        const bundled = classPath.length - 1;
        out(
          `Downloaded ${plugin.name} ${plugin.version} to ${file} (${plugin.size} bytes, sha256 verified)${bundled > 0 ? ` with ${bundled} bundled jar${bundled === 1 ? '' : 's'} in ${path.dirname(classPath[1] as string)}` : ''}.`,
        );
        return EXIT.ok;
      }
      case 'sessions': {
        const sessions = await client.sessions();
        if (sessions.length === 0) out('No running sessions.');
        for (const session of sessions) {
          out(
            `${session.sessionId}  ${session.pluginName} (${session.pluginId})  since ${session.createdAt}, last heartbeat ${session.lastUpdate}`,
          );
        }
        return EXIT.ok;
      }
      case 'run': {
        const pluginId = Number(required(args[0], 'run needs a plugin id'));
        if (!Number.isSafeInteger(pluginId) || pluginId < 0)
          throw new UsageError('The plugin id must be a whole number.');
        const forSeconds = values.for === undefined ? undefined : Number(values.for);
        if (forSeconds !== undefined && !(forSeconds > 0))
          throw new UsageError('--for must be a number of seconds.');
        const stop = new AbortController();
        const onSignal = () => stop.abort();
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        try {
          const result = await client.run({
            pluginId,
            forSeconds,
            signal: stop.signal,
            onOpen: (session) =>
              out(
                `Session ${session.sessionId} open for ${session.pluginName}; heartbeat every ${session.heartbeatSeconds} s. Ctrl+C to stop.`,
              ),
            onHeartbeat: (lastUpdate) => out(`heartbeat ok (${lastUpdate})`),
          });
          out(`Session closed after ${result.heartbeats} heartbeats.`);
        } finally {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
        }
        return EXIT.ok;
      }
      default:
        throw new UsageError(command ? `Unknown command: ${command}` : 'No command given.');
    }
  } catch (error) {
    return report(error, err);
  }
}

function report(error: unknown, err: (line: string) => void): number {
  if (error instanceof UsageError) {
    err(`${error.message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (error instanceof ClientApiError) {
    err(`Error: ${error.message}`);
    if (error.status === 0 || error.status >= 500) return EXIT.unreachable;
    if (error.status === 401) return EXIT.notSignedIn;
    return EXIT.refused;
  }
  if (error instanceof NotEntitled) {
    err(`Error: ${error.message}`);
    return EXIT.refused;
  }
  if (
    error instanceof ManifestRejected ||
    error instanceof ArtifactRejected ||
    error instanceof TrustRootMissing ||
    error instanceof TargetRejected ||
    error instanceof TrustRefreshFailed
  ) {
    err(`Refused: ${error.message}`);
    return EXIT.verification;
  }
  if (error instanceof DeviceFlowFailed) {
    err(`Sign-in failed: ${error.message}`);
    return EXIT.signInFailed;
  }
  err(`Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return EXIT.failure;
}

function parse(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      base: { type: 'string' },
      'trust-root': { type: 'string' },
      name: { type: 'string' },
      out: { type: 'string' },
      for: { type: 'string' },
    },
  });
  const [command, ...args] = positionals;
  return { command, args, values };
}

function required(value: string | undefined, message: string): string {
  if (!value) throw new UsageError(message);
  return value;
}

// Run as a program (npm run client), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = EXIT.failure;
    },
  );
}
