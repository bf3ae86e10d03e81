import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ed25519PrivateKey } from '@ember/contracts/tuf';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';

/** The keys the server signs with by itself: a stolen server has them (docs/trust.md says what they gain). */
export interface OnlineKeys {
  timestamp: KeyObject;
  snapshot: KeyObject;
  /** The store's delegated role for obfuscated builds (SOX). */
  obfuscated: KeyObject;
}

const storedOnlineKeys = z.object({
  timestamp: z.string().min(1),
  snapshot: z.string().min(1),
  obfuscated: z.string().min(1),
});

export const DEMO_TRUST_DIR = fileURLToPath(new URL('./demo-trust', import.meta.url));

export function parseOnlineKeys(json: string, source: string): OnlineKeys {
  const parsed = storedOnlineKeys.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`${source}: expected {timestamp, snapshot, obfuscated} PEM keys`);
  return {
    timestamp: ed25519PrivateKey(parsed.data.timestamp),
    snapshot: ed25519PrivateKey(parsed.data.snapshot),
    obfuscated: ed25519PrivateKey(parsed.data.obfuscated),
  };
}

/**
 * TUF_ONLINE_KEYS when set (production requires it). Elsewhere the demo trust's online keys, which
 * the committed demo root names: a development store and the shipped demo client agree out of the box.
 */
export function loadOnlineKeys(env: Env): OnlineKeys {
  if (env.TUF_ONLINE_KEYS) return parseOnlineKeys(env.TUF_ONLINE_KEYS, 'TUF_ONLINE_KEYS');
  if (env.NODE_ENV === 'production') throw new Error('TUF_ONLINE_KEYS is required in production');
  const file = `${DEMO_TRUST_DIR}/demo-online-keys.json`;
  return parseOnlineKeys(readFileSync(file, 'utf8'), file);
}

/** Where the operator's signed files are read from: TUF_SIGNED_DIR, or the demo trust outside production. */
export function signedDirOf(env: Env): string {
  if (env.TUF_SIGNED_DIR) return env.TUF_SIGNED_DIR;
  if (env.NODE_ENV === 'production') throw new Error('TUF_SIGNED_DIR is required in production');
  return `${DEMO_TRUST_DIR}/signed`;
}
