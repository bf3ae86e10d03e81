/** Ordinary buyers that give the shop, statistics and sub counts some volume. Ids follow the named accounts. */
const COMMUNITY_USERNAMES = [
  'mossy_maple',
  'swift_salmon',
  'iron_ivy',
  'rune_rider',
  'quiet_quarry',
  'tick_tock_tina',
  'barrows_bob',
  'lobster_lars',
  'yew_yvonne',
  'karil_kid',
  'gnome_glider',
  'piety_pete',
  'cannon_carl',
  'herb_hannah',
  'slayer_sam',
  'void_vicky',
  'dragon_dane',
  'marks_mia',
  'bones_bert',
  'anvil_ann',
  'chin_chad',
  'raid_rosa',
  'willow_walt',
  'zenyte_zoe',
] as const;

export const FIRST_COMMUNITY_USER_ID = 13;

/** Credits each community member starts with (a SEED ledger entry at registration). */
export const COMMUNITY_OPENING_CREDITS = 15_000;

/** Days between the seed's `now` and the registration of community member `index`. */
export const communityMemberAgeDays = (index: number) => 380 - index * 5;

export interface CommunityMember {
  id: number;
  username: string;
  displayName: string;
  discordId: string;
}

const titleCase = (username: string) =>
  username
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export const COMMUNITY_MEMBERS: readonly CommunityMember[] = COMMUNITY_USERNAMES.map((username, index) => ({
  id: FIRST_COMMUNITY_USER_ID + index,
  username,
  displayName: titleCase(username),
  discordId: `27182818284590${String(4500 + index)}`,
}));
