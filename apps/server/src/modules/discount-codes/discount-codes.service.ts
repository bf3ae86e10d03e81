import type {
  DiscountCodeResponse,
  discountCodeBody,
  updateDiscountCodeBody,
} from '@ember/contracts/discount-codes';
import { VALID_UNTIL_PAST_MESSAGE } from '@ember/contracts/discount-codes';
import { isCheckViolation, isUniqueViolation } from '@ember/db/errors';
import type { DiscountCode } from '@ember/db/schema/catalog';
import type { Db } from '@ember/db/types';
import type { z } from 'zod';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access-control.ts';
import {
  findCode,
  findCodesOfPrice,
  findPriceOwnerId,
  insertCode,
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
  validUntil: code.validUntil.toISOString(),
  enabled: code.enabled,
});

/** Spec §7 Discount codes: the price owner (or an admin) manages the codes of a price. */
export function createDiscountCodesService({ db, clock }: { db: Db; clock: () => Date }) {
  async function assertManagesPrice(principal: Principal, priceId: number): Promise<void> {
    const ownerId = await findPriceOwnerId(db, priceId);
    if (ownerId === null) throw new NotFound(`No price with id ${priceId}.`);
    if (ownerId !== principal.userId && !principal.roles.includes('ADMIN')) {
      throw new Forbidden('You can only manage the discount codes of your own prices.');
    }
  }

  async function managedCode(principal: Principal, id: string): Promise<DiscountCode> {
    const code = await findCode(db, id);
    if (!code) throw new NotFound(`No discount code ${id}.`);
    await assertManagesPrice(principal, code.priceId);
    return code;
  }

  /** The request's own clock check (the contract checked against the sender's clock). */
  function assertInFuture(validUntil: Date | undefined): void {
    if (validUntil !== undefined && validUntil <= clock()) throw new Invalid(VALID_UNTIL_PAST_MESSAGE);
  }

  return {
    async listOfPrice(principal: Principal, priceId: number): Promise<DiscountCodeResponse[]> {
      await assertManagesPrice(principal, priceId);
      return (await findCodesOfPrice(db, priceId)).map(toResponse);
    },

    async get(principal: Principal, id: string): Promise<DiscountCodeResponse> {
      return toResponse(await managedCode(principal, id));
    },

    /** Without an id, a random code is made up (retrying the rare collision). */
    async create(principal: Principal, body: DiscountCodeBody): Promise<DiscountCodeResponse> {
      await assertManagesPrice(principal, body.priceId);
      assertInFuture(body.validUntil);
      const { id, ...fields } = body;
      for (let attempt = 1; ; attempt++) {
        const code = id ?? generateCode();
        try {
          return toResponse(await insertCode(db, { id: code, ...fields }));
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (id !== undefined)
            throw new Conflict(`A discount code ${id} already exists. Choose another code.`);
          if (attempt >= GENERATE_ATTEMPTS) throw error;
        }
      }
    },

    async update(
      principal: Principal,
      id: string,
      body: UpdateDiscountCodeBody,
    ): Promise<DiscountCodeResponse> {
      if (body.id !== id) throw new Invalid('The code in the body does not match the address.');
      const code = await managedCode(principal, id);
      assertInFuture(body.validUntil);
      const { id: _id, ...fields } = body;
      try {
        const updated = await updateCode(db, id, fields);
        if (!updated) throw new NotFound(`No discount code ${id}.`);
        return toResponse(updated);
      } catch (error) {
        if (!isCheckViolation(error, 'discount_codes_uses_within_max')) throw error;
        throw new Conflict(
          `This code has been used ${code.uses} times, so max uses must be 0 (unlimited) or at least ${code.uses}.`,
        );
      }
    },
  };
}

export type DiscountCodesService = ReturnType<typeof createDiscountCodesService>;
