import {
  MAX_ACTIVE_SIGNING_KEYS,
  parseEd25519PublicKey,
  type registerSigningKeyBody,
  SIGNING_KEY_ALREADY_REVOKED_MESSAGE,
  SIGNING_KEY_FORMAT_MESSAGE,
  SIGNING_KEY_LIMIT_MESSAGE,
  SIGNING_KEY_TAKEN_MESSAGE,
  type SigningKeyResponse,
} from '@ember/contracts/signing-keys';
import type { DeveloperSigningKey } from '@ember/db/schema/signing-keys';
import type { z } from 'zod';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from './db.ts';
import {
  countActiveKeysOf,
  findKey,
  findKeysOf,
  insertKeyUnlessTaken,
  revokeKey,
} from './signing-keys.repository.ts';
import { tufKeyId } from './tuf-key.ts';

type RegisterBody = z.output<typeof registerSigningKeyBody>;

const toResponse = (key: DeveloperSigningKey): SigningKeyResponse => ({
  id: key.id,
  keyid: key.keyid,
  publicKeyHex: key.publicKeyHex,
  label: key.label,
  createdAt: key.createdAt.toISOString(),
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

/** What the audit trail records of a key: never more than the public half, which is public anyway. */
const audited = ({ developerId, keyid, label, revokedAt }: DeveloperSigningKey) => ({
  developerId,
  keyid,
  label,
  revokedAt,
});

/**
 * Developers' release-signing keys (issue 32, decision 0053). Registering and revoking are audited
 * whoever does them: the TUF repository trusts a developer's releases by these keys.
 */
export function createSigningKeysService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    async list(principal: Principal): Promise<SigningKeyResponse[]> {
      authorize(principal, 'signing-key:read', { userId: principal.userId });
      return (await findKeysOf(db, principal.userId)).map(toResponse);
    },

    register(caller: Caller, body: RegisterBody): Promise<SigningKeyResponse> {
      const role = authorize(caller, 'signing-key:create');
      const publicKeyHex = parseEd25519PublicKey(body.publicKey);
      if (!publicKeyHex) throw new Invalid(SIGNING_KEY_FORMAT_MESSAGE);
      return db.transaction(async (tx) => {
        if ((await countActiveKeysOf(tx, caller.userId)) >= MAX_ACTIVE_SIGNING_KEYS) {
          throw new Conflict(SIGNING_KEY_LIMIT_MESSAGE);
        }
        const created = await insertKeyUnlessTaken(tx, {
          developerId: caller.userId,
          keyid: tufKeyId(publicKeyHex),
          publicKeyHex,
          label: body.label,
          createdAt: clock(),
        });
        if (!created) throw new Conflict(SIGNING_KEY_TAKEN_MESSAGE);
        await recordAudit(tx, actorOf(caller, role), {
          action: 'signing-key:create',
          target: { kind: 'SIGNING_KEY', id: created.id },
          before: null,
          after: audited(created),
        });
        return toResponse(created);
      });
    },

    /** Revoked keys stay listed; the repository stops trusting them at its next metadata refresh. */
    revoke(caller: Caller, id: number): Promise<void> {
      return db.transaction(async (tx) => {
        const key = await findKey(tx, id);
        if (!key) throw new NotFound(`No signing key with id ${id}.`);
        const role = authorize(caller, 'signing-key:revoke', { userId: key.developerId });
        const revoked = await revokeKey(tx, id, clock());
        if (!revoked) throw new Conflict(SIGNING_KEY_ALREADY_REVOKED_MESSAGE);
        await recordAudit(tx, actorOf(caller, role), {
          action: 'signing-key:revoke',
          target: { kind: 'SIGNING_KEY', id },
          before: audited(key),
          after: audited(revoked),
        });
      });
    },
  };
}

export type SigningKeysService = ReturnType<typeof createSigningKeysService>;
