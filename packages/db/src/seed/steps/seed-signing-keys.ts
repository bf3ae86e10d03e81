import { tufKeyId } from '@ember/contracts/tuf';
import { DEMO_USER_IDS as U } from '../../demo/demo-accounts.ts';
import { developerSigningKeys } from '../../schema/signing-keys.ts';
import type { SeedContext } from '../seed-context.ts';
import { addDays } from '../time.ts';

/** An Ed25519 public key whose private half nobody keeps: the demo key is listed, it signs nothing. */
const DEMO_PUBLIC_KEY_HEX = '3d7420cb0716de5a886033ea973d89b739e78ba8d2f6af131210f36f83d915aa';

/** The premium developer's registered release-signing key, on /developer. */
export async function seedSigningKeys({ db, now }: SeedContext): Promise<void> {
  await db.insert(developerSigningKeys).values({
    developerId: U.premium,
    keyid: tufKeyId(DEMO_PUBLIC_KEY_HEX),
    publicKeyHex: DEMO_PUBLIC_KEY_HEX,
    label: 'Release laptop',
    createdAt: addDays(now, -30),
  });
}
