import { createHash, randomBytes } from 'node:crypto';
import {
  CLIENT_TOKEN_MISSING_MESSAGE,
  CLIENT_TOKEN_REVOKED_MESSAGE,
  type ClientTokenResponse,
  DEVICE_SIGNED_OUT_MESSAGE,
} from '@ember/contracts/client-api';
import { ACCOUNT_HELD_MESSAGE } from '@ember/contracts/commerce';
import { Forbidden, NotFound, Unauthorized } from '../../lib/errors.ts';
import { createLatestBatcher } from '../../lib/latest-batcher.ts';
import { BANNED_MESSAGE } from '../../plugins/access-control.ts';
import type { Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import type { ClientStanding } from '../sessions/index.ts';
import { createStandingCache } from './client-standing-cache.ts';
import {
  findActiveTokensOf,
  findTokenOwner,
  findTokenWithUser,
  insertClientToken,
  moveTokens,
  revokeAllTokensOf,
  revokeClientToken,
  touchClientTokens,
} from './client-tokens.repository.ts';
import type { Db, HandedDb } from './db.ts';

export const CLIENT_TOKEN_PREFIX = 'emc_';
const TOKEN_FORMAT = /^emc_[A-Za-z0-9_-]{43}$/;
const TOUCH_EVERY_MS = 60_000;
const TOKEN_USES_BATCH_MS = 1000;
const INVALID_TOKEN_MESSAGE = 'Your client sign-in is not valid. Sign in again.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Client tokens whose check a process keeps (about 300 bytes each): 100,000 players and then some. */
const KEPT_TOKENS_PER_PROCESS = 250_000;

type TokenWithUser = NonNullable<Awaited<ReturnType<typeof findTokenWithUser>>>;

/**
 * Client tokens: opaque (`emc_` + 32 random bytes), stored only as their SHA-256, valid on the client
 * API only. Every call checks the token and its account as the database knows them at that moment,
 * so a ban, a hold or a revocation applies on the next call: read, or kept in memory while every
 * change to them is heard (decision 0044).
 */
export function createClientTokens({
  db,
  clock,
  onBatchError,
}: {
  db: Db;
  clock: () => Date;
  onBatchError: (error: unknown) => void;
}) {
  const checks = createStandingCache<TokenWithUser>(KEPT_TOKENS_PER_PROCESS);
  // A token's last use is shown on /account to the minute: written once a second, a batch for all.
  const uses = createLatestBatcher<{ id: number; at: Date }>({
    keyOf: (use) => String(use.id),
    newer: (next, kept) => next.at > kept.at,
    write: (batch) => touchClientTokens(db, batch),
    intervalMs: TOKEN_USES_BATCH_MS,
    onError: onBatchError,
  });
  return {
    /** What a check read, per token: the standing feed tells it what changed (client-api-services.ts). */
    checks,

    /** A new token for the user, inside the caller's transaction (the device flow's approval). */
    async issue(tx: HandedDb, userId: number, name: string): Promise<{ id: number; token: string }> {
      const token = `${CLIENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = await insertClientToken(tx, { userId, tokenHash: hashOf(token), name });
      return { id, token };
    },

    /**
     * The caller behind an `Authorization: Bearer emc_…` header, as the database knows them now,
     * with what a heartbeat needs of their account (VIP end, limit generation): one read, or none
     * while this process hears every change to them.
     */
    /**
     * Whose client token this is, for the rate limits that run before any check (issue 32): from
     * the kept checks while this process hears every change, one indexed read otherwise. Null for
     * anything that is not a client token in force (counted against its address instead).
     */
    async accountOf(token: string): Promise<number | null> {
      if (!TOKEN_FORMAT.test(token)) return null;
      const tokenHash = hashOf(token);
      const found = await checks.get(tokenHash, () => findTokenWithUser(db, tokenHash));
      return found && !found.revokedAt ? found.userId : null;
    },

    async authenticate(
      authorization: string | undefined,
    ): Promise<{ principal: Principal; standing: ClientStanding }> {
      const token = authorization?.match(/^Bearer (.+)$/)?.[1];
      if (!token) throw new Unauthorized(CLIENT_TOKEN_MISSING_MESSAGE);
      // A product JWT or anything else that is not a client token: refused without a database read.
      if (!TOKEN_FORMAT.test(token)) throw new Unauthorized(INVALID_TOKEN_MESSAGE);
      const tokenHash = hashOf(token);
      const found = await checks.get(tokenHash, () => findTokenWithUser(db, tokenHash));
      if (!found) throw new Unauthorized(INVALID_TOKEN_MESSAGE);
      if (found.revokedAt) throw new Unauthorized(CLIENT_TOKEN_REVOKED_MESSAGE);
      if (!found.enabled) throw new Unauthorized(BANNED_MESSAGE);
      if (found.heldAt) throw new Forbidden(ACCOUNT_HELD_MESSAGE);
      const now = clock();
      const notBefore = new Date(now.getTime() - TOUCH_EVERY_MS);
      if (!found.lastUsedAt || found.lastUsedAt < notBefore) {
        uses.add({ id: found.id, at: now });
        // The kept row too: its next minute of calls adds nothing (the use is no part of a check).
        found.lastUsedAt = now;
      }
      return {
        principal: { userId: found.userId, discordId: found.discordId, roles: found.roles },
        standing: { vipUntil: found.vipUntil, limitGeneration: found.limitGeneration },
      };
    },

    async listOf(principal: Principal): Promise<ClientTokenResponse[]> {
      authorize(principal, 'client-token:read', { userId: principal.userId });
      const rows = await findActiveTokensOf(db, principal.userId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: (uses.pendingOf(String(row.id))?.at ?? row.lastUsedAt)?.toISOString() ?? null,
      }));
    },

    async revoke(principal: Principal, id: number) {
      const token = await findTokenOwner(db, id);
      if (!token || token.revokedAt) throw new NotFound('No such client sign-in.');
      authorize(principal, 'client-token:revoke', { userId: token.userId });
      await revokeClientToken(db, id, clock());
      return { message: DEVICE_SIGNED_OUT_MESSAGE };
    },

    /**
     * Signs every device of the user out, inside the caller's transaction (an admin's ban, which
     * authorizes and audits it); the same revocation the "Signed-in devices" card makes one by one.
     */
    revokeAllOf(tx: HandedDb, userId: number): Promise<number> {
      return revokeAllTokensOf(tx, userId, clock());
    },

    /**
     * An account transfer, inside the caller's transaction (which authorizes and audits it): the
     * source's tokens now sign in as the target (whose next manifest version is higher than any the
     * source's clients accepted: one sequence for every user).
     */
    moveAccount(tx: HandedDb, fromUserId: number, toUserId: number): Promise<number> {
      return moveTokens(tx, fromUserId, toUserId);
    },

    /** On shutdown: the last uses not written yet are written. */
    close: () => uses.close(),
  };
}

export type ClientTokens = ReturnType<typeof createClientTokens>;
