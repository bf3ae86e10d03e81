import {
  type AccessList,
  type AccessListEntryResponse,
  UNKNOWN_DISCORD_ID_MESSAGE,
} from '@ember/contracts/catalog';
import type { ListKind } from '@ember/contracts/enums';
import { isUniqueViolation } from '@ember/db/errors';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type GrantingRole, type Principal } from '../../policy/identity.ts';
import { authorize, isStaffAction } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { findUserIdByDiscordId } from '../users/index.ts';
import {
  deleteEntry,
  findEntries,
  findEntry,
  insertEntry,
  type ListTarget,
} from './access-lists.repository.ts';
import type { Db, HandedDb } from './db.ts';
import { findPlanById } from './plans.repository.ts';
import { findPriceById } from './prices.repository.ts';

export type ListLevel = 'plan' | 'price';

const KIND: Record<AccessList, ListKind> = { whitelist: 'WHITELIST', blacklist: 'BLACKLIST' };
const OTHER_LIST: Record<AccessList, AccessList> = { whitelist: 'blacklist', blacklist: 'whitelist' };
const ACTION = { plan: 'plan:manage-access-list', price: 'price:manage-access-list' } as const;
const TARGET_KIND = { plan: 'PLAN', price: 'PRICE' } as const;

interface ManagedTarget {
  target: ListTarget;
  ownerId: number;
  role: GrantingRole;
}

/** Whitelists and blacklists of plans and prices; only the owner and admins see or change them. */
export function createAccessListsService({ db }: { db: Db }) {
  async function managedTarget(
    tx: HandedDb,
    principal: Principal,
    level: ListLevel,
    id: number,
  ): Promise<ManagedTarget> {
    const owner = level === 'plan' ? await findPlanById(tx, id) : await findPriceById(tx, id);
    if (!owner) throw new NotFound(`No ${level} with id ${id}.`);
    const role = authorize(principal, ACTION[level], { ownerId: owner.ownerId });
    return { target: level === 'plan' ? { planId: id } : { priceId: id }, ownerId: owner.ownerId, role };
  }

  /** A staff change of a list (an admin's, or on someone else's plan or price) goes on the audit trail. */
  async function auditChange(
    tx: HandedDb,
    caller: Caller,
    managed: ManagedTarget,
    level: ListLevel,
    id: number,
    change: { before: unknown; after: unknown },
  ) {
    if (!isStaffAction(caller, managed.role, { ownerId: managed.ownerId })) return;
    await recordAudit(tx, actorOf(caller, managed.role), {
      action: ACTION[level],
      target: { kind: TARGET_KIND[level], id },
      ...change,
    });
  }

  return {
    async listEntries(principal: Principal, level: ListLevel, id: number, list: AccessList) {
      return findEntries(db, (await managedTarget(db, principal, level, id)).target, KIND[list]);
    },

    /** A user is on one of the two lists at most: being on both would contradict itself. */
    addEntry(
      caller: Caller,
      level: ListLevel,
      id: number,
      list: AccessList,
      discordId: string,
    ): Promise<AccessListEntryResponse> {
      return db.transaction(async (tx) => {
        const managed = await managedTarget(tx, caller, level, id);
        const { target } = managed;
        const userId = await findUserIdByDiscordId(tx, discordId);
        if (userId === null) throw new NotFound(UNKNOWN_DISCORD_ID_MESSAGE);
        if (await findEntry(tx, target, KIND[OTHER_LIST[list]], userId)) {
          throw new Conflict(
            `That user is on the ${OTHER_LIST[list]} of this ${level}. Remove them from it first.`,
          );
        }
        try {
          await insertEntry(tx, target, KIND[list], userId);
        } catch (error) {
          if (isUniqueViolation(error))
            throw new Conflict(`That user is already on the ${list} of this ${level}.`);
          throw error;
        }
        const entry = await findEntry(tx, target, KIND[list], userId);
        if (!entry) throw new Error('the new list entry is missing');
        await auditChange(tx, caller, managed, level, id, {
          before: null,
          after: { list, userId, discordId: entry.discordId },
        });
        return entry;
      });
    },

    async removeEntry(caller: Caller, level: ListLevel, id: number, list: AccessList, userId: number) {
      await db.transaction(async (tx) => {
        const managed = await managedTarget(tx, caller, level, id);
        if (!(await deleteEntry(tx, managed.target, KIND[list], userId))) {
          throw new NotFound(`That user is not on the ${list} of this ${level}.`);
        }
        await auditChange(tx, caller, managed, level, id, { before: { list, userId }, after: null });
      });
    },
  };
}

export type AccessListsService = ReturnType<typeof createAccessListsService>;
