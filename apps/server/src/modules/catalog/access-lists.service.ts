import {
  type AccessList,
  type AccessListEntryResponse,
  UNKNOWN_DISCORD_ID_MESSAGE,
} from '@ember/contracts/catalog';
import type { ListKind } from '@ember/contracts/enums';
import { isUniqueViolation } from '@ember/db/errors';
import type { Db } from '@ember/db/types';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access-control.ts';
import {
  deleteEntry,
  findEntries,
  findEntry,
  findUserIdByDiscordId,
  insertEntry,
  type ListTarget,
} from './access-lists.repository.ts';
import { assertCanManage } from './catalog-access.ts';
import { findPlanById } from './plans.repository.ts';
import { findPriceById } from './prices.repository.ts';

export type ListLevel = 'plan' | 'price';

const KIND: Record<AccessList, ListKind> = { whitelist: 'WHITELIST', blacklist: 'BLACKLIST' };
const OTHER_LIST: Record<AccessList, AccessList> = { whitelist: 'blacklist', blacklist: 'whitelist' };

/** Whitelists and blacklists of plans and prices; only the owner and admins see or change them. */
export function createAccessListsService({ db }: { db: Db }) {
  async function managedTarget(principal: Principal, level: ListLevel, id: number): Promise<ListTarget> {
    const owner = level === 'plan' ? await findPlanById(db, id) : await findPriceById(db, id);
    if (!owner) throw new NotFound(`No ${level} with id ${id}.`);
    assertCanManage(principal, owner.ownerId, level);
    return level === 'plan' ? { planId: id } : { priceId: id };
  }

  return {
    async listEntries(principal: Principal, level: ListLevel, id: number, list: AccessList) {
      return findEntries(db, await managedTarget(principal, level, id), KIND[list]);
    },

    /** A user is on one of the two lists at most: being on both would contradict itself. */
    async addEntry(
      principal: Principal,
      level: ListLevel,
      id: number,
      list: AccessList,
      discordId: string,
    ): Promise<AccessListEntryResponse> {
      const target = await managedTarget(principal, level, id);
      const userId = await findUserIdByDiscordId(db, discordId);
      if (userId === null) throw new NotFound(UNKNOWN_DISCORD_ID_MESSAGE);
      if (await findEntry(db, target, KIND[OTHER_LIST[list]], userId)) {
        throw new Conflict(
          `That user is on the ${OTHER_LIST[list]} of this ${level}. Remove them from it first.`,
        );
      }
      try {
        await insertEntry(db, target, KIND[list], userId);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new Conflict(`That user is already on the ${list} of this ${level}.`);
        throw error;
      }
      const entry = await findEntry(db, target, KIND[list], userId);
      if (!entry) throw new Error('the new list entry is missing');
      return entry;
    },

    async removeEntry(principal: Principal, level: ListLevel, id: number, list: AccessList, userId: number) {
      const target = await managedTarget(principal, level, id);
      if (!(await deleteEntry(db, target, KIND[list], userId))) {
        throw new NotFound(`That user is not on the ${list} of this ${level}.`);
      }
    },
  };
}

export type AccessListsService = ReturnType<typeof createAccessListsService>;
