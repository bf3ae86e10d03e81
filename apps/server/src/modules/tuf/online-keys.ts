import type { KeyObject } from 'node:crypto';
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
 * The operator's trust: TUF_ONLINE_KEYS and the folder of signed files TUF_SIGNED_DIR, both or
 * neither (neither, outside production: the server's local trust, local-trust.ts).
 */
export function operatorTrustOf(env: Env): { keys: OnlineKeys; signedDir: string } {
  if (!env.TUF_ONLINE_KEYS || !env.TUF_SIGNED_DIR) {
    throw new Error(
      env.NODE_ENV === 'production'
        ? 'TUF_ONLINE_KEYS and TUF_SIGNED_DIR are required in production'
        : "TUF_ONLINE_KEYS and TUF_SIGNED_DIR go together: set both (the operator's trust) or neither (a local trust)",
    );
  }
  return { keys: parseOnlineKeys(env.TUF_ONLINE_KEYS, 'TUF_ONLINE_KEYS'), signedDir: env.TUF_SIGNED_DIR };
}
