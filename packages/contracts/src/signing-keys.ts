import { idParam } from './ids.ts';
import { z } from './zod.ts';

// Contracts of developers' release-signing keys (issue 32, decision 0053). The parser lives here so
// the web's form and the server refuse the same pastes with the same words.

export const SIGNING_KEY_FORMAT_MESSAGE =
  'Paste an Ed25519 public key: 64 hex characters, 32 bytes in base64, an OpenSSH "ssh-ed25519 AAAA…" line or a minisign public key.';
export const SIGNING_KEY_LABEL_MESSAGE = 'Give the key a name of 1 to 60 characters.';
export const SIGNING_KEY_TAKEN_MESSAGE = 'This key is already registered. Generate or paste another key.';
export const SIGNING_KEY_ALREADY_REVOKED_MESSAGE = 'This key is already revoked.';
export const MAX_ACTIVE_SIGNING_KEYS = 10;
export const SIGNING_KEY_LIMIT_MESSAGE = `You have ${MAX_ACTIVE_SIGNING_KEYS} active signing keys. Revoke one before adding another.`;
export const SIGNING_KEY_ADDED_MESSAGE = 'Signing key registered.';
export const SIGNING_KEY_REVOKED_MESSAGE = 'Signing key revoked.';

const ED25519_KEY_BYTES = 32;
const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const SSH_LINE = /^ssh-ed25519\s+(\S+)(?:\s.*)?$/;
const SSH_KEY_TYPE = 'ssh-ed25519';
/** A minisign public key: "Ed", an 8-byte key id, the 32-byte key (minisign's signature algorithm id). */
const MINISIGN_PREFIX = [0x45, 0x64];
const MINISIGN_KEY_BYTES = 2 + 8 + ED25519_KEY_BYTES;

function fromBase64(text: string): Uint8Array | null {
  if (!BASE64.test(text) || text.length % 4 === 1) return null;
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

const readUint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at] ?? 0) << 24) |
  ((bytes[at + 1] ?? 0) << 16) |
  ((bytes[at + 2] ?? 0) << 8) |
  (bytes[at + 3] ?? 0);

/** The OpenSSH public key blob (RFC 8709 §4): string "ssh-ed25519", string key (32 bytes). */
function fromOpenSshBlob(blob: Uint8Array): Uint8Array | null {
  const typeLength = readUint32(blob, 0);
  if (typeLength !== SSH_KEY_TYPE.length) return null;
  const type = String.fromCharCode(...blob.subarray(4, 4 + typeLength));
  const keyAt = 4 + typeLength;
  if (type !== SSH_KEY_TYPE || readUint32(blob, keyAt) !== ED25519_KEY_BYTES) return null;
  if (blob.length !== keyAt + 4 + ED25519_KEY_BYTES) return null;
  return blob.subarray(keyAt + 4);
}

/** A minisign .pub file or its key line alone; the "untrusted comment:" line is skipped. */
function fromMinisign(text: string): Uint8Array | null {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const keyLines = lines.filter((line) => !line.startsWith('untrusted comment:'));
  if (keyLines.length !== 1) return null;
  const bytes = fromBase64((keyLines[0] ?? '').trim());
  if (bytes?.length !== MINISIGN_KEY_BYTES) return null;
  if (bytes[0] !== MINISIGN_PREFIX[0] || bytes[1] !== MINISIGN_PREFIX[1]) return null;
  return bytes.subarray(2 + 8);
}

/**
 * An Ed25519 public key in any of the forms developers have one in, as 64 lower-case hex
 * characters; null when the text is none of them.
 */
export function parseEd25519PublicKey(input: string): string | null {
  const text = input.trim();
  if (HEX_KEY.test(text)) return text.toLowerCase();
  const ssh = SSH_LINE.exec(text);
  if (ssh) {
    const blob = fromBase64(ssh[1] ?? '');
    const key = blob && fromOpenSshBlob(blob);
    return key ? toHex(key) : null;
  }
  if (text.includes('\n') || text.length > 50) {
    const key = fromMinisign(text);
    return key ? toHex(key) : null;
  }
  const raw = fromBase64(text);
  if (raw?.length === ED25519_KEY_BYTES) return toHex(raw);
  const minisign = fromMinisign(text);
  return minisign ? toHex(minisign) : null;
}

export const signingKeyLabel = z
  .string({ error: SIGNING_KEY_LABEL_MESSAGE })
  .trim()
  .min(1, SIGNING_KEY_LABEL_MESSAGE)
  .max(60, SIGNING_KEY_LABEL_MESSAGE);

/** POST /developer/signing-keys: a name and the public key, pasted or generated in the browser. */
export const registerSigningKeyBody = z.object({
  label: signingKeyLabel,
  publicKey: z
    .string({ error: SIGNING_KEY_FORMAT_MESSAGE })
    .max(2000, SIGNING_KEY_FORMAT_MESSAGE)
    .refine((text) => parseEd25519PublicKey(text) !== null, SIGNING_KEY_FORMAT_MESSAGE),
});
export type RegisterSigningKeyBody = z.input<typeof registerSigningKeyBody>;

export const signingKeyResponse = z.object({
  id: z.number().int(),
  /** The TUF key id: sha256 (hex) of the key's canonical JSON, as TUF metadata names the key. */
  keyid: z.string(),
  publicKeyHex: z.string(),
  label: z.string(),
  createdAt: z.iso.datetime(),
  /** null while the key may sign releases. */
  revokedAt: z.iso.datetime().nullable(),
});
export type SigningKeyResponse = z.infer<typeof signingKeyResponse>;
export const signingKeysResponse = z.array(signingKeyResponse);

export const signingKeyIdParams = z.object({ id: idParam('signing key') });

/** The file the browser saves a generated private key to (PKCS #8 PEM, decision 0053). */
export const signingKeyFilename = (keyid: string) => `ember-signing-key-${keyid.slice(0, 12)}.pem`;

/** The generate dialog asks only for the name; the browser makes the key. */
export const generateSigningKeyForm = registerSigningKeyBody.pick({ label: true });
export type GenerateSigningKeyForm = z.input<typeof generateSigningKeyForm>;

export const KEY_GENERATION_UNSUPPORTED_MESSAGE =
  'This browser cannot make Ed25519 keys. Use a current Chrome, Edge, Firefox or Safari, or paste a key made with ssh-keygen or minisign.';
