import type { DisabledPluginLinkResponse } from '@ember/contracts/disabled-plugin-links';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize, isStaffAction } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db, HandedDb } from './db.ts';
import {
  deleteDisabledLink,
  findDisabledLinks,
  findPluginLinkPrice,
  findSubscriptionOwners,
  insertDisabledLink,
} from './disabled-plugin-links.repository.ts';

type Row = Awaited<ReturnType<typeof findDisabledLinks>>[number];
const present = (row: Row): DisabledPluginLinkResponse => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A subscriber switches plugins of one of their subscriptions off and on again (spec §3 Disabled
 * plugin link); admins may do it for anyone. A switched-off plugin leaves the subscriber's manifest
 * and sessions on the client's next call.
 */
export function createDisabledPluginLinksService({ db }: { db: Db }) {
  async function subscriptionOf(tx: HandedDb, subscriptionId: number) {
    const subscription = await findSubscriptionOwners(tx, subscriptionId);
    if (!subscription) throw new NotFound(`No subscription with id ${subscriptionId}.`);
    return subscription;
  }

  /** The link must be one of the plugins the subscription's price grants. */
  async function checkLinkOfPrice(tx: HandedDb, pluginLinkId: number, priceId: number) {
    const link = await findPluginLinkPrice(tx, pluginLinkId);
    if (!link) throw new NotFound(`No plugin link with id ${pluginLinkId}.`);
    if (link.priceId !== priceId) {
      throw new Invalid(`Plugin link ${pluginLinkId} is not one of the plugins of this subscription.`);
    }
  }

  async function toggle(caller: Caller, subscriptionId: number, pluginLinkId: number, disable: boolean) {
    await db.transaction(async (tx) => {
      const subscription = await subscriptionOf(tx, subscriptionId);
      const whose = { userId: subscription.userId };
      const role = authorize(caller, 'subscription:disable-plugin', whose);
      await checkLinkOfPrice(tx, pluginLinkId, subscription.priceId);
      const changed = disable
        ? await insertDisabledLink(tx, subscriptionId, pluginLinkId)
        : await deleteDisabledLink(tx, subscriptionId, pluginLinkId);
      if (changed && isStaffAction(caller, role, whose)) {
        await recordAudit(tx, actorOf(caller, role), {
          action: 'subscription:disable-plugin',
          target: { kind: 'SUBSCRIPTION', id: subscriptionId },
          before: { pluginLinkId, disabled: !disable },
          after: { pluginLinkId, disabled: disable },
        });
      }
    });
  }

  return {
    async list(principal: Principal, subscriptionId: number): Promise<DisabledPluginLinkResponse[]> {
      const subscription = await subscriptionOf(db, subscriptionId);
      authorize(principal, 'subscription:read', {
        userId: subscription.userId,
        ownerId: subscription.planOwnerId,
      });
      return (await findDisabledLinks(db, subscriptionId)).map(present);
    },

    /** Switches the plugin off; switching off one that is off already changes nothing. */
    async disable(caller: Caller, subscriptionId: number, pluginLinkId: number) {
      await toggle(caller, subscriptionId, pluginLinkId, true);
      const [row] = await findDisabledLinks(db, subscriptionId, pluginLinkId);
      if (!row) throw new NotFound(`Plugin link ${pluginLinkId} is not switched off.`);
      return present(row);
    },

    /** Switches the plugin on again; one that is on already stays on. */
    enable(caller: Caller, subscriptionId: number, pluginLinkId: number): Promise<void> {
      return toggle(caller, subscriptionId, pluginLinkId, false);
    },
  };
}

export type DisabledPluginLinksService = ReturnType<typeof createDisabledPluginLinksService>;
