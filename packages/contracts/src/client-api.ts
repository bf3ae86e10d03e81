import { idField, idParam } from './ids.ts';
import { z } from './zod.ts';

// Contracts of the game-client API (docs/client-api.md): device sign-in (RFC 8628), the signed
// per-user manifest, downloads, and the website's approval and client-token calls.

export const CLIENT_ID = 'ember-client';
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** The 20 consonants of user codes: no vowels (no words), no look-alikes such as 0/O or 1/I. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

export const DEVICE_CODE_INVALID_MESSAGE = 'This code is not valid or has expired.';
/** RFC 8628 §5.1: codes tried that were not valid, counted per account and per address (issue 32). */
export const DEVICE_CODE_FAILURES_PER_WINDOW = 20;
export const DEVICE_CODE_FAILURE_WINDOW_MINUTES = 15;
export const tooManyDeviceCodeFailuresMessage = (minutes: number) =>
  `Too many codes that were not valid. You can try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
/** Shown on every approval page, whatever the code (issue 32). */
export const DEVICE_APPROVAL_WARNING =
  'Approve only a code your own game client is showing you right now. Never approve a code someone sent you: whoever holds it would play as you.';
export const DEVICE_APPROVED_MESSAGE = 'Device approved!';
export const DEVICE_DENIED_MESSAGE = 'Device denied.';
export const DEVICE_SIGNED_OUT_MESSAGE = 'Device signed out.';
export const CLIENT_TOKEN_REVOKED_MESSAGE = 'This client sign-in was revoked. Sign in again.';
export const CLIENT_TOKEN_MISSING_MESSAGE = 'Sign in with the client first.';
export const NOT_ENTITLED_TO_DOWNLOAD_MESSAGE = 'You are not entitled to this plugin.';
export const DOWNLOAD_LINK_INVALID_MESSAGE = 'This download link is not valid or has expired.';

/** "BCDFGHJK" as the user sees it: "BCDF-GHJK". */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What the user typed, in any case, with or without the dash (and stray spaces), as stored; null when it cannot be one. */
export function normalizeUserCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== USER_CODE_LENGTH) return null;
  return [...code].every((char) => USER_CODE_ALPHABET.includes(char)) ? code : null;
}

// ---------------------------------------------------------------------------------------------
// Device authorization (client base, form-encoded or JSON)

export const deviceCodeBody = z.object({
  client_id: z.string().max(100).optional(),
  client_name: z.string().max(200).optional(),
});

export const deviceCodeResponse = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});
export type DeviceCodeResponse = z.infer<typeof deviceCodeResponse>;

/** Every field optional: a wrong or missing one is answered with RFC 8628's error code, not a schema error. */
export const tokenBody = z.object({
  grant_type: z.string().max(200).optional(),
  device_code: z.string().max(200).optional(),
  client_id: z.string().max(100).optional(),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  scope: z.literal('client'),
  /** Who approved: the client binds its first manifest to this user (issue 32). */
  user_id: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const TOKEN_ERRORS = [
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
  'invalid_grant',
  'invalid_client',
  'unsupported_grant_type',
  'invalid_request',
] as const;
export type TokenError = (typeof TOKEN_ERRORS)[number];

// ---------------------------------------------------------------------------------------------
// The website's side (shop base, signed in)

export const userCodeParams = z.object({ userCode: z.string().max(20) });

export const deviceAuthorizationResponse = z.object({
  userCode: z.string(),
  clientName: z.string(),
  /** When the code was asked for, and roughly from where: the asking address's network (a.b.c.0/24, or a /48). */
  createdAt: z.iso.datetime(),
  requestedFrom: z.string().nullable(),
  expiresAt: z.iso.datetime(),
});
export type DeviceAuthorizationResponse = z.infer<typeof deviceAuthorizationResponse>;

export const messageResponse = z.object({ message: z.string() });

export const clientTokenResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ClientTokenResponse = z.infer<typeof clientTokenResponse>;
export const clientTokensResponse = z.array(clientTokenResponse);

export const clientTokenIdParams = z.object({ id: idParam('token') });

// ---------------------------------------------------------------------------------------------
// Keys and the signed manifest (client base)

export const MANIFEST_TYPE = 'ember-plugin-manifest';

export const manifestKeyResponse = z.object({
  keyId: z.string(),
  /** The raw 32-byte Ed25519 public key, base64. */
  publicKey: z.string(),
  status: z.enum(['current', 'next']),
});
export const manifestKeysResponse = z.object({ keys: z.array(manifestKeyResponse) });
export type ManifestKeysResponse = z.infer<typeof manifestKeysResponse>;

export const manifestPlugin = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** The artifact's TUF target path: the client verifies the jar through TUF (docs/trust.md); null: unsigned. */
  target: z.string().nullable(),
  /**
   * The approved jars bundled with it (`plugins.json` `dependencies`): the client downloads each
   * from `tuf/targets/`, verifies it at its target and loads it with the plugin.
   */
  dependencies: z.array(
    z.object({ target: z.string().nullable(), sha256: z.string(), size: z.number().int() }),
  ),
});

export const signedManifest = z.object({
  type: z.literal(MANIFEST_TYPE),
  userId: z.number().int(),
  version: z.number().int(),
  issuedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  plugins: z.array(manifestPlugin),
});
export type SignedManifest = z.infer<typeof signedManifest>;

export const manifestResponse = z.object({
  signed: signedManifest,
  signatures: z.array(z.object({ keyId: z.string(), sig: z.string() })),
});
export type ManifestResponse = z.infer<typeof manifestResponse>;

/**
 * The bytes a manifest signature covers: JSON with the keys of every object sorted, no whitespace.
 * The server and the reference client both use this one function.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

// ---------------------------------------------------------------------------------------------
// Downloads (client base)

export const downloadBody = z.object({ pluginId: idField('plugin') });

export const downloadResponse = z.object({
  url: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  expiresAt: z.iso.datetime(),
});
export type DownloadResponse = z.infer<typeof downloadResponse>;

export const blobParams = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, DOWNLOAD_LINK_INVALID_MESSAGE),
});
export const blobQuery = z.object({
  expires: z.string().max(20).optional(),
  user: z.string().max(12).optional(),
  signature: z.string().max(100).optional(),
});
