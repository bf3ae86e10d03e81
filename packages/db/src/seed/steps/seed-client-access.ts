import { createHash, randomBytes } from 'node:crypto';
import { DEMO_USER_IDS as U } from '../../demo/demo-accounts.ts';
import { clientTokens, deviceAuthorizations } from '../../schema/client-access.ts';
import type { SeedContext } from '../seed-context.ts';
import { addDays, addMinutes } from '../time.ts';

/** A token hash nobody holds the token of: the demo devices are listed, not usable. */
const unusableTokenHash = () => createHash('sha256').update(randomBytes(32)).digest('hex');

/**
 * Game clients signed in through the device flow: customer's and vip's devices on /account (one of
 * vip's revoked), and the requests that gave them.
 */
export async function seedClientAccess({ db, now }: SeedContext): Promise<void> {
  const devices = await db
    .insert(clientTokens)
    .values([
      {
        userId: U.customer,
        tokenHash: unusableTokenHash(),
        name: 'Ember client on DEMO-PC',
        createdAt: addDays(now, -12),
        lastUsedAt: addMinutes(now, -10),
      },
      {
        userId: U.vip,
        tokenHash: unusableTokenHash(),
        name: 'Ember client on VIP-LAPTOP',
        createdAt: addDays(now, -40),
        lastUsedAt: addMinutes(now, -3),
      },
      {
        userId: U.vip,
        tokenHash: unusableTokenHash(),
        name: 'Ember client on OLD-DESKTOP',
        createdAt: addDays(now, -200),
        lastUsedAt: addDays(now, -90),
        revokedAt: addDays(now, -60),
      },
    ])
    .returning({ id: clientTokens.id, userId: clientTokens.userId, createdAt: clientTokens.createdAt });

  await db.insert(deviceAuthorizations).values(
    devices.map((device) => ({
      deviceCodeHash: unusableTokenHash(),
      userCode: 'DEMOCODE',
      clientName: 'Ember client',
      status: 'CONSUMED' as const,
      userId: device.userId,
      clientTokenId: device.id,
      intervalSeconds: 5,
      expiresAt: addMinutes(device.createdAt, 15),
      createdAt: addMinutes(device.createdAt, -1),
    })),
  );
}
