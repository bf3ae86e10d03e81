import { DEMO_USER_IDS as U } from '../../demo/demo-accounts.ts';
import { auditEvents } from '../../schema/audit.ts';
import type { SeedContext } from '../seed-context.ts';
import { addDays } from '../time.ts';

/** The audit trail of the staff actions in the demo history: the admin's credit correction. */
export async function seedAudit({ db, now }: SeedContext): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: U.admin,
    actorRole: 'ADMIN',
    action: 'credits:adjust',
    targetKind: 'USER',
    targetId: String(U.customer),
    before: null,
    after: { amount: 250, reason: 'Compensation for the login outage' },
    createdAt: addDays(now, -7),
  });
}
