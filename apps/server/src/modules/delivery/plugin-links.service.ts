import type { createPluginLinkBody, PluginLinkResponse } from '@ember/contracts/delivery';
import { isUniqueViolation } from '@ember/db/errors';
import type { z } from 'zod';
import type { CacheInvalidation } from '../../lib/cache/cache-registry.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize, isStaffAction } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { findPriceOwnership } from '../catalog/index.ts';
import type { Db, HandedDb } from './db.ts';
import {
  deleteLink,
  findLink,
  findLinksOfPrice,
  findPluginOwnerId,
  insertLink,
} from './plugin-links.repository.ts';

type CreatePluginLinkBody = z.output<typeof createPluginLinkBody>;

/** Spec §7 plugin links: which plugins a price grants its subscribers, with a session limit each. */
export function createPluginLinksService({
  db,
  caches,
}: {
  db: Db;
  /** A plan page lists each price's plugins: a committed change drops the 'catalog' caches (decision 0033). */
  caches: CacheInvalidation;
}) {
  async function priceOwner(tx: HandedDb, priceId: number): Promise<number> {
    // Who decides which plugins a price grants: its plan's owner.
    const price = await findPriceOwnership(tx, priceId);
    if (!price) throw new NotFound(`No price with id ${priceId}.`);
    return price.ownerId;
  }

  return {
    async listOfPrice(principal: Principal, priceId: number): Promise<PluginLinkResponse[]> {
      authorize(principal, 'price:link-plugin', { ownerId: await priceOwner(db, priceId) });
      return findLinksOfPrice(db, priceId);
    },

    /**
     * The price's owner (or an admin) attaches a plugin from the price owner's own repositories:
     * the caller must be allowed to link on the price and to read the plugin's repository.
     */
    async attach(caller: Caller, priceId: number, body: CreatePluginLinkBody): Promise<PluginLinkResponse> {
      const id = await db.transaction(async (tx) => {
        const ownerId = await priceOwner(tx, priceId);
        const role = authorize(caller, 'price:link-plugin', { ownerId });
        const pluginOwnerId = await findPluginOwnerId(tx, body.pluginId);
        if (pluginOwnerId === null) throw new NotFound(`No plugin with id ${body.pluginId}.`);
        authorize(caller, 'repository:read', { ownerId: pluginOwnerId });
        let linkId: number;
        try {
          linkId = await insertLink(tx, { priceId, pluginId: body.pluginId, sessionLimit: body.sessions });
        } catch (error) {
          if (!isUniqueViolation(error, 'plugin_links_price_id_plugin_id_key')) throw error;
          throw new Conflict('This plugin is already attached to this price.');
        }
        if (isStaffAction(caller, role, { ownerId })) {
          await recordAudit(tx, actorOf(caller, role), {
            action: 'price:link-plugin',
            target: { kind: 'PRICE', id: priceId },
            before: null,
            after: { pluginLinkId: linkId, pluginId: body.pluginId, sessionLimit: body.sessions },
          });
        }
        return linkId;
      });
      await caches.invalidate('catalog');
      const created = await findLink(db, id);
      if (!created) throw new NotFound(`No plugin link with id ${id}.`);
      return created;
    },

    async unlink(caller: Caller, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const link = await findLink(tx, id);
        if (!link) throw new NotFound(`No plugin link with id ${id}.`);
        const ownerId = await priceOwner(tx, link.priceId);
        const role = authorize(caller, 'price:link-plugin', { ownerId });
        await deleteLink(tx, id);
        if (isStaffAction(caller, role, { ownerId })) {
          await recordAudit(tx, actorOf(caller, role), {
            action: 'price:link-plugin',
            target: { kind: 'PRICE', id: link.priceId },
            before: { pluginLinkId: id, pluginId: link.pluginId, sessionLimit: link.sessionLimit },
            after: null,
          });
        }
      });
      await caches.invalidate('catalog');
    },
  };
}

export type PluginLinksService = ReturnType<typeof createPluginLinksService>;
