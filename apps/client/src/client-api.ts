/**
 * The game-client API (docs/client-api.md) over HTTP, as the game client speaks it. One instance
 * per server and token; every method throws ClientApiError with the server's `{ message }`.
 */
export const CLIENT_ID = 'ember-client';
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export class ClientApiError extends Error {
  override readonly name = 'ClientApiError';
  constructor(
    /** The HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    /** RFC 8628's error code on the token endpoint (`authorization_pending`, …). */
    readonly error?: string,
    /** The server's Retry-After, in seconds, when it gave one (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface DeviceCode {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export type TokenPoll =
  | { status: 'granted'; accessToken: string; userId: number | undefined }
  | { status: 'error'; error: string; message: string };

export interface PublishedKey {
  keyId: string;
  publicKey: string;
  status: 'current' | 'next' | string;
}

export interface SignedDownload {
  url: string;
  sha256: string;
  size: number;
  expiresAt: string;
}

export interface OpenedSession {
  sessionId: string;
  pluginId: number;
  pluginName: string;
  heartbeatSeconds: number;
  timeoutSeconds: number;
}

export interface RunningSession {
  sessionId: string;
  pluginId: number;
  pluginName: string;
  createdAt: string;
  lastUpdate: string;
}

export interface ClientApiOptions {
  /** The server's origin, e.g. http://localhost:3000. */
  server: string;
  /** The client API base path (API_CLIENT_BASE), default /api/client. */
  base?: string;
  token?: string;
  fetch?: typeof fetch;
}

export type ClientApi = ReturnType<typeof createClientApi>;

export function createClientApi({
  server,
  base = '/api/client',
  token,
  fetch: doFetch = fetch,
}: ClientApiOptions) {
  const root = `${server.replace(/\/+$/, '')}${base}`;

  async function send(path: string, init: RequestInit & { auth?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (init.auth !== false) {
      if (!token) throw new ClientApiError(401, 'Not signed in. Run `npm run client -- login` first.');
      headers.set('authorization', `Bearer ${token}`);
    }
    try {
      return await doFetch(`${root}${path}`, { ...init, headers });
    } catch (cause) {
      throw unreachable(root, cause);
    }
  }

  async function json<T>(path: string, init: RequestInit & { auth?: boolean } = {}): Promise<T> {
    const response = await send(path, init);
    if (!response.ok) throw await errorOf(response);
    return (await response.json()) as T;
  }

  const jsonBody = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const formBody = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  return {
    root,

    requestDeviceCode(clientName: string): Promise<DeviceCode> {
      return json('/device/code', {
        ...formBody({ client_id: CLIENT_ID, client_name: clientName }),
        auth: false,
      });
    },

    /** One poll of the token endpoint; RFC 8628's waiting and failure codes come back as values. */
    async pollToken(deviceCode: string): Promise<TokenPoll> {
      const response = await send('/token', {
        ...formBody({ grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: CLIENT_ID }),
        auth: false,
      });
      if (response.ok) {
        const body = (await response.json()) as { access_token: string; user_id?: unknown };
        const userId = Number.isSafeInteger(body.user_id) ? (body.user_id as number) : undefined;
        return { status: 'granted', accessToken: body.access_token, userId };
      }
      const failure = await errorOf(response);
      if (!failure.error) throw failure;
      return { status: 'error', error: failure.error, message: failure.message };
    },

    async keys(): Promise<PublishedKey[]> {
      return (await json<{ keys: PublishedKey[] }>('/keys', { auth: false })).keys;
    },

    /** The manifest envelope as sent, unverified: give it to verifyManifest. */
    manifest(): Promise<unknown> {
      return json('/manifest');
    },

    requestDownload(pluginId: number): Promise<SignedDownload> {
      return json('/downloads', jsonBody('POST', { pluginId }));
    },

    /** The bytes behind a signed download URL (it needs no token). */
    async fetchBytes(url: string): Promise<Uint8Array> {
      let response: Response;
      try {
        response = await doFetch(url);
      } catch (cause) {
        throw unreachable(url, cause);
      }
      if (!response.ok) throw await errorOf(response);
      return new Uint8Array(await response.arrayBuffer());
    },

    /** A TUF target of the caller's manifest, by its hash-prefixed path (consistent snapshots). */
    async fetchTarget(target: string, sha256: string): Promise<Uint8Array> {
      const slash = target.lastIndexOf('/') + 1;
      const response = await send(`/tuf/targets/${target.slice(0, slash)}${sha256}.${target.slice(slash)}`);
      if (!response.ok) throw await errorOf(response);
      return new Uint8Array(await response.arrayBuffer());
    },

    openSession(pluginId: number): Promise<OpenedSession> {
      return json('/sessions', jsonBody('POST', { pluginId }));
    },

    heartbeat(sessionId: string): Promise<{ sessionId: string; lastUpdate: string }> {
      return json(`/sessions/${encodeURIComponent(sessionId)}/heartbeat`, { method: 'POST' });
    },

    async closeSession(sessionId: string): Promise<void> {
      const response = await send(`/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
      if (!response.ok) throw await errorOf(response);
    },

    listSessions(): Promise<RunningSession[]> {
      return json('/sessions');
    },
  };
}

async function errorOf(response: Response): Promise<ClientApiError> {
  const text = await response.text().catch(() => '');
  let body: { message?: unknown; error?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: the status says what happened
  }
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : typeof body.error === 'string'
        ? body.error
        : `The server answered ${response.status} ${response.statusText}.`.replace(' .', '.');
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return new ClientApiError(
    response.status,
    message,
    typeof body.error === 'string' ? body.error : undefined,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  );
}

function unreachable(where: string, cause: unknown): ClientApiError {
  const reason =
    cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : String(cause);
  return new ClientApiError(0, `Cannot reach ${where}: ${reason}`);
}
