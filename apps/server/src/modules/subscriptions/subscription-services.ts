import type { Notify, NotifyAll } from '../notifications/index.ts';
import type { WalletService } from '../wallet/index.ts';
import type { Db } from './db.ts';
import { createPurchaseService } from './purchase.service.ts';
import { createSubscriptionManagementService } from './subscription-management.service.ts';
import { createSubscriptionNotices } from './subscription-notices.ts';
import { createSubscriptionReadsService } from './subscription-reads.service.ts';

/** The subscriptions module's services, built once by the composition root. */
export function createSubscriptionServices(deps: {
  db: Db;
  clock: () => Date;
  wallet: Pick<WalletService, 'postJournal'>;
  developerSharePercent: number;
  /** The notification centre's ports: gifts, pauses over, subscriptions ending and ended. */
  notify?: Notify;
  notifyAll?: NotifyAll;
}) {
  const reads = createSubscriptionReadsService(deps);
  const present = (id: number) => reads.current(id);
  return {
    purchases: createPurchaseService(deps),
    management: createSubscriptionManagementService({
      ...deps,
      present,
      notices: createSubscriptionNotices(deps.notifyAll),
    }),
    reads,
  };
}

export type SubscriptionServices = ReturnType<typeof createSubscriptionServices>;
