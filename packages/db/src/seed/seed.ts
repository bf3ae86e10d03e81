import { eq } from 'drizzle-orm';
import { appSettings } from '../schema/settings.ts';
import { users } from '../schema/users.ts';
import type { Db } from '../types.ts';
import { createLedgerBook } from './ledger-book.ts';
import { ensureReferenceData } from './reference-data.ts';
import { resetIdentitySequences } from './reset-sequences.ts';
import type { SeedContext } from './seed-context.ts';
import { recordWalletHistory } from './steps/record-wallet-history.ts';
import { seedActivity } from './steps/seed-activity.ts';
import { seedAudit } from './steps/seed-audit.ts';
import { seedCatalog } from './steps/seed-catalog.ts';
import { seedClientAccess } from './steps/seed-client-access.ts';
import { seedCommerce } from './steps/seed-commerce.ts';
import { seedDelivery } from './steps/seed-delivery.ts';
import { seedNotifications } from './steps/seed-notifications.ts';
import { seedPayouts } from './steps/seed-payouts.ts';
import { seedPluginShowcase } from './steps/seed-plugin-showcase.ts';
import { seedReviews } from './steps/seed-reviews.ts';
import { seedSigningKeys } from './steps/seed-signing-keys.ts';
import { seedSubscriptions } from './steps/seed-subscriptions.ts';
import { seedUsers } from './steps/seed-users.ts';
import { writeLedger } from './steps/write-ledger.ts';

export const DEMO_SEED_MARKER_KEY = 'demo_seed';
const DEMO_SEED_VERSION = 1;

export interface SeedOptions {
  /** Reference time for every relative demo date; defaults to the current time. */
  now?: Date;
}

export interface SeedResult {
  /** False when the demo data was already there and nothing was written. */
  seeded: boolean;
}

/** True when no account exists yet: a fresh database the server may fill with demo data. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const anyUser = await db.select({ id: users.id }).from(users).limit(1);
  return anyUser.length === 0;
}

/**
 * Fills an empty, migrated database with the demo data of DESIGN §5, in one transaction.
 * Idempotent: a marker row makes a second run a no-op. Refuses a database that holds other data.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await ensureReferenceData(tx);
    const [marker] = await tx.select().from(appSettings).where(eq(appSettings.key, DEMO_SEED_MARKER_KEY));
    if (marker) return { seeded: false };
    if (!(await isDatabaseEmpty(tx))) {
      throw new Error(
        'Refusing to seed demo data: the database already has users that the demo seed did not create',
      );
    }

    const context: SeedContext = { db: tx, now, ledger: createLedgerBook() };
    await seedUsers(context);
    await seedDelivery(context);
    await seedPluginShowcase(context);
    await seedCatalog(context);
    await seedCommerce(context);
    await seedSubscriptions(context);
    await seedPayouts(context);
    recordWalletHistory(context);
    await seedActivity(context);
    await seedReviews(context);
    await seedClientAccess(context);
    await seedSigningKeys(context);
    await seedNotifications(context);
    await writeLedger(context);
    await seedAudit(context);
    await resetIdentitySequences(tx);

    await tx.insert(appSettings).values({
      key: DEMO_SEED_MARKER_KEY,
      value: { version: DEMO_SEED_VERSION, seededAt: now.toISOString() },
    });
    return { seeded: true };
  });
}
