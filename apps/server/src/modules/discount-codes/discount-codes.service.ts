import type {
  DiscountCodeResponse,
  discountCodeBody,
  updateDiscountCodeBody,
} from '@ember/contracts/discount-codes';
import { VALID_UNTIL_PAST_MESSAGE } from '@ember/contracts/discount-codes';
import type { Action } from '@ember/contracts/policy';
import { isCheckViolation } from '@ember/db/errors';
import type { DiscountCode } from '@ember/db/schema/discount-codes';
import type { z } from 'zod';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type GrantingRole, type Principal } from '../../policy/identity.ts';
import { authorize, isStaffAction } from '../../policy/policy.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import { findPriceOwnership } from '../catalog/index.ts';
import type { Db, HandedDb } from './db.ts';
import {
  findCodesOfPrice,
  findDiscountCode,
  insertCodeUnlessTaken,
  updateCode,
} from './discount-codes.repository.ts';
import { generateCode } from './generate-code.ts';

type DiscountCodeBody = z.output<typeof discountCodeBody>;
type UpdateDiscountCodeBody = z.output<typeof updateDiscountCodeBody>;

const GENERATE_ATTEMPTS = 5;

const toResponse = (code: DiscountCode): DiscountCodeResponse => ({
  id: code.id,
  priceId: code.priceId,
  discountPercent: code.discountPercent,
  maxUses: code.maxUses,
  uses: code.uses,
  validUntil: code.validUntil?.toISOString() ?? null,
  enabled: code.enabled,
});

/** What the audit trail records of a code: what its owner or an admin can set. */
const auditedFields = ({ priceId, discountPercent, maxUses, validUntil, enabled }: DiscountCode) => ({
  priceId,
  discountPercent,
  maxUses,
  validUntil,
  enabled,
});

/** Spec §7 Discount codes: the price owner (or an admin) manages the codes of a price. */
export function createDiscountCodesService({ db, clock }: { db: Db; clock: () => Date }) {
  /** The granting role and the price owner, when the caller may do the action to the price's codes. */
  async function authorizeOnPrice(tx: HandedDb, principal: Principal, action: Action, priceId: number) {
    const price = await findPriceOwnership(tx, priceId);
    if (!price) throw new NotFound(`No price with id ${priceId}.`);
    const { ownerId } = price;
    return { role: authorize(principal, action, { ownerId }), ownerId };
  }

  async function existingCode(tx: HandedDb, id: string): Promise<DiscountCode> {
    const code = await findDiscountCode(tx, id);
    if (!code) throw new NotFound(`No discount code ${id}.`);
    return code;
  }

  /** A staff change (an admin's, or on a price that is not the caller's) goes on the audit trail. */
  async function auditChange(
    tx: HandedDb,
    caller: Caller,
    grant: { role: GrantingRole; ownerId: number },
    action: Action,
    id: string,
    change: { before: unknown; after: unknown },
  ) {
    if (!isStaffAction(caller, grant.role, { ownerId: grant.ownerId })) return;
    await recordAudit(tx, actorOf(caller, grant.role), {
      action,
      target: { kind: 'DISCOUNT_CODE', id },
      ...change,
    });
  }

  /** The request's own clock check (the contract checked against the sender's clock). */
  function assertInFuture(validUntil: Date | null | undefined): void {
    if (validUntil && validUntil <= clock()) throw new Invalid(VALID_UNTIL_PAST_MESSAGE);
  }

  return {
    async listOfPrice(principal: Principal, priceId: number): Promise<DiscountCodeResponse[]> {
      await authorizeOnPrice(db, principal, 'discount-code:read', priceId);
      return (await findCodesOfPrice(db, priceId)).map(toResponse);
    },

    async get(principal: Principal, id: string): Promise<DiscountCodeResponse> {
      const code = await existingCode(db, id);
      await authorizeOnPrice(db, principal, 'discount-code:read', code.priceId);
      return toResponse(code);
    },

    /** Without an id, a random code is made up (retrying the rare collision). */
    create(caller: Caller, body: DiscountCodeBody): Promise<DiscountCodeResponse> {
      return db.transaction(async (tx) => {
        const grant = await authorizeOnPrice(tx, caller, 'discount-code:create', body.priceId);
        assertInFuture(body.validUntil);
        const { id, validUntil, ...fields } = body;
        for (let attempt = 1; ; attempt++) {
          const created = await insertCodeUnlessTaken(tx, {
            id: id ?? generateCode(),
            ...fields,
            validUntil,
          });
          if (created) {
            await auditChange(tx, caller, grant, 'discount-code:create', created.id, {
              before: null,
              after: auditedFields(created),
            });
            return toResponse(created);
          }
          if (id !== undefined)
            throw new Conflict(`A discount code ${id} already exists. Choose another code.`);
          if (attempt >= GENERATE_ATTEMPTS) throw new Error('no free discount code after several attempts');
        }
      });
    },

    update(caller: Caller, id: string, body: UpdateDiscountCodeBody): Promise<DiscountCodeResponse> {
      if (body.id !== id) throw new Invalid('The code in the body does not match the address.');
      return db.transaction(async (tx) => {
        const code = await existingCode(tx, id);
        const grant = await authorizeOnPrice(tx, caller, 'discount-code:update', code.priceId);
        assertInFuture(body.validUntil);
        const { id: _id, validUntil, ...fields } = body;
        let updated: DiscountCode | null;
        try {
          updated = await updateCode(tx, id, {
            ...fields,
            ...(validUntil === undefined ? {} : { validUntil }),
          });
        } catch (error) {
          if (!isCheckViolation(error, 'discount_codes_uses_within_max')) throw error;
          throw new Conflict(
            `This code has been used ${code.uses} times, so max uses must be 0 (unlimited) or at least ${code.uses}.`,
          );
        }
        if (!updated) throw new NotFound(`No discount code ${id}.`);
        await auditChange(
          tx,
          caller,
          grant,
          'discount-code:update',
          id,
          changedFields(auditedFields(code), auditedFields(updated)),
        );
        return toResponse(updated);
      });
    },
  };
}

export type DiscountCodesService = ReturnType<typeof createDiscountCodesService>;
