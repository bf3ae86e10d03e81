import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ArtifactRejected, checkArtifact } from './artifact-check.ts';
import { type ClientApi, ClientApiError, createClientApi, type DeviceCode } from './client-api.ts';
import { signInWithDevice } from './device-flow.ts';
import type { ManifestPlugin, SignedManifestBody, TrustedKey } from './manifest.ts';
import { verifyManifest } from './manifest-verifier.ts';
import { runSession, type SessionRunOptions } from './session-runner.ts';
import type { ClientState, StateStore } from './state-store.ts';
import { createTufVerifier, type TufVerifier } from './tuf-verifier.ts';

/** The plugin asked for is not in the user's verified manifest. */
export class NotEntitled extends Error {
  override readonly name = 'NotEntitled';
}

export interface EmberClientOptions {
  store: StateStore;
  /** Overrides the remembered server (and is remembered on login). */
  server?: string;
  base?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /**
   * Where trust starts: the root the client ships with (apps/client/trust/root.json) or a local
   * server's (decision 0064). Manifest keys come from its chain and every jar is verified through
   * TUF. `verifier` stands in for the TUF repository in unit tests.
   */
  trust: { root: string } | { verifier: TufVerifier };
}

/**
 * The reference client as a library: the CLI, the e2e tests and the bench drive it. It keeps the
 * token, the user and the accepted manifest versions in its state store, and the trusted TUF
 * metadata beside it (one folder per server).
 */
export function createEmberClient(options: EmberClientOptions) {
  const now = options.now ?? (() => new Date());

  async function loadState(): Promise<ClientState> {
    const state = await options.store.load();
    if (options.server) state.server = options.server;
    if (options.base) state.base = options.base;
    return state;
  }
  const verifierFor = (state: ClientState): TufVerifier => {
    if ('verifier' in options.trust) return options.trust.verifier;
    const apiUrl = `${state.server}${state.base}`;
    return createTufVerifier({
      dir: path.join(options.store.dir, 'tuf', encodeURIComponent(apiUrl)),
      shippedRoot: options.trust.root,
      apiUrl,
    });
  };
  let verifier: TufVerifier | null = null;
  const apiFor = (state: ClientState): ClientApi =>
    createClientApi({ server: state.server, base: state.base, token: state.token, fetch: options.fetch });

  async function signedIn(): Promise<{ state: ClientState; api: ClientApi }> {
    const state = await loadState();
    if (!state.token) throw new ClientApiError(401, 'Not signed in. Run `npm run client -- login` first.');
    return { state, api: apiFor(state) };
  }

  /** Fetches the manifest, verifies it, and remembers its version (and, the first time, the user). */
  async function verifiedManifest(): Promise<SignedManifestBody> {
    const { state, api } = await signedIn();
    const envelope = await api.manifest();
    verifier ??= verifierFor(state);
    const keys = await verifier.manifestKeys();
    // Keys change only through a root rotation; a rotation resets the version rule (fast-forward recovery).
    if (JSON.stringify(keys) !== JSON.stringify(state.manifestKeys ?? [])) state.manifestVersions = {};
    state.manifestKeys = keys;
    const body = verifyManifest(envelope, {
      trustedKeys: rootSigners(envelope, keys),
      userId: state.userId,
      acceptedVersions: state.manifestVersions,
      now: now(),
    });
    state.userId = body.userId;
    state.manifestVersions[String(body.userId)] = body.version;
    await options.store.save(state);
    return body;
  }

  return {
    async state(): Promise<ClientState> {
      return loadState();
    },

    /**
     * The device flow: shows the code through `onCode`, waits for approval and stores the token.
     * Nothing is pinned over the network: the manifest's keys come only through the root chain.
     */
    async login(login: {
      clientName: string;
      onCode: (code: DeviceCode) => void | Promise<void>;
      sleep?: (ms: number) => Promise<void>;
      signal?: AbortSignal;
    }): Promise<void> {
      const state = await loadState();
      const signIn = await signInWithDevice(apiFor({ ...state, token: undefined }), login);
      // The token answer says who approved (issue 32): the first manifest must be that user's, so a
      // manifest of another user is refused from the start instead of adopted.
      await options.store.save({ ...state, token: signIn.accessToken, userId: signIn.userId });
    },

    /** Forgets the token here (revoke it on /account to end it on the server too). */
    async logout(): Promise<boolean> {
      const state = await loadState();
      const had = Boolean(state.token);
      await options.store.save({ ...state, token: undefined, userId: undefined });
      return had;
    },

    verifiedManifest,

    /**
     * Downloads a plugin of the verified manifest (by id or exact name, any case) into `dir`, with
     * the jars it bundles: each checked against the manifest (size and sha256) and, with a shipped
     * root, through TUF before anything is written. `classPath` is what a game client loads: the
     * plugin's jar and its bundled jars, all verified or none written.
     */
    async download(
      ref: string | number,
      dir: string,
    ): Promise<{ plugin: ManifestPlugin; file: string; classPath: string[] }> {
      const manifest = await verifiedManifest();
      const plugin = findPlugin(manifest, ref);
      const { api } = await signedIn();
      const signed = await api.requestDownload(plugin.id);
      const bytes = await api.fetchBytes(signed.url);
      checkArtifact(plugin, bytes);
      verifier ??= verifierFor(await loadState());
      await verifier.verify(plugin, bytes);
      const bundled = [];
      for (const dependency of plugin.dependencies ?? []) {
        if (!dependency.target) {
          throw new ArtifactRejected(
            `${plugin.name} ${plugin.version}: a jar it bundles was published without a developer signature.`,
          );
        }
        const jar = await api.fetchTarget(dependency.target, dependency.sha256);
        checkArtifact({ ...plugin, ...dependency }, jar);
        await verifier.verifyDependency(plugin, dependency, jar);
        bundled.push({ name: dependency.target.slice(dependency.target.lastIndexOf('/') + 1), jar });
      }
      const base = `${safeName(plugin.name)}-${safeName(plugin.version)}`;
      await mkdir(bundled.length > 0 ? path.join(dir, `${base}.lib`) : dir, { recursive: true });
      const file = path.join(dir, `${base}.jar`);
      await writeFile(file, bytes);
      const classPath = [file];
      for (const { name, jar } of bundled) {
        const lib = path.join(dir, `${base}.lib`, safeName(name));
        await writeFile(lib, jar);
        classPath.push(lib);
      }
      return { plugin, file, classPath };
    },

    async sessions() {
      return (await signedIn()).api.listSessions();
    },

    async run(run: SessionRunOptions) {
      return runSession((await signedIn()).api, run);
    },

    /** The raw API with the stored token, for calls the commands do not cover. */
    async api(): Promise<ClientApi> {
      return (await signedIn()).api;
    },
  };
}

export type EmberClient = ReturnType<typeof createEmberClient>;

function findPlugin(manifest: SignedManifestBody, ref: string | number): ManifestPlugin {
  const text = String(ref).trim();
  const byId = /^\d+$/.test(text) ? manifest.plugins.find((plugin) => plugin.id === Number(text)) : undefined;
  const plugin = byId ?? manifest.plugins.find((plugin) => plugin.name.toLowerCase() === text.toLowerCase());
  if (!plugin) {
    throw new NotEntitled(
      `"${text}" is not in your signed manifest: you are not entitled to it (run \`plugins\` to see what you may download).`,
    );
  }
  return plugin;
}

/** Every key the trusted root names for manifests, under each signature's label: any of them counts. */
function rootSigners(envelope: unknown, keysHex: string[]): TrustedKey[] {
  const signatures = (envelope as { signatures?: { keyId?: unknown }[] }).signatures ?? [];
  return signatures.flatMap((signature) =>
    typeof signature.keyId === 'string'
      ? keysHex.map((hex) => ({
          keyId: signature.keyId as string,
          publicKey: Buffer.from(hex, 'hex').toString('base64'),
        }))
      : [],
  );
}

const safeName = (text: string) => text.replace(/[^\w.-]+/g, '_');
