import type { Obfuscation } from '@ember/contracts/enums';

export interface RepositorySeed {
  id: number;
  ownerId: number;
  url: string;
  obfuscation: Obfuscation;
  obfuscatorConfig?: Record<string, unknown>;
  storm2?: boolean;
  plugins: readonly PluginSeed[];
}

export interface PluginSeed {
  id: number;
  name: string;
  description: string;
  version: string;
}

const plugin = (id: number, name: string, description: string, version = '1.0.0'): PluginSeed => ({
  id,
  name,
  description,
  version,
});

/** Developer repositories and the plugins their manifests declare. Plugin ids are referenced by plans.ts. */
export const REPOSITORY_SEEDS: readonly RepositorySeed[] = [
  {
    id: 1,
    ownerId: 3,
    url: 'https://github.com/ember-client/ember-plugins',
    obfuscation: 'SOX',
    obfuscatorConfig: { renameClasses: true, stringEncryption: 'light', keep: ['net.ember.api.**'] },
    plugins: [
      plugin(1, 'Break Handler', 'Takes human-like breaks on a schedule you control.', '2.3.1'),
      plugin(2, 'Bank Tabs', 'Keeps bank tabs sorted for every other plugin.', '1.8.0'),
      plugin(3, 'Login Helper', 'Logs back in after disconnects and world hops.', '1.4.2'),
      plugin(4, 'AIO Woodcutter', 'Cuts, banks or burns every tree from regular to redwood.', '3.0.0'),
      plugin(5, 'AIO Fisher', 'Fishes every spot, with banking, dropping and cooking.', '2.7.4'),
      plugin(6, 'AIO Miner', 'Mines every rock with world hopping when a rock is taken.', '2.5.0'),
      plugin(7, 'AIO Cook', 'Cooks on ranges and fires, with jug-of-wine and karambwan modes.', '1.9.3'),
      plugin(8, 'Quest Helper', 'Completes quests step by step, fetching the items it needs.', '4.1.0'),
      plugin(9, 'Ironman Tracker', 'Plans ironman routes and tracks collected resources.', '1.2.0'),
      plugin(10, 'Combat Helper', 'Eats, drinks, flicks prayers and loots for any fight.', '2.0.5'),
      plugin(11, 'VIP Overlay', 'Session and profit overlay reserved for VIP members.', '1.0.2'),
    ],
  },
  {
    id: 2,
    ownerId: 1,
    url: 'https://github.com/mossforge/skilling-plugins',
    obfuscation: 'NONE',
    plugins: [
      plugin(12, 'Rooftop Runner', 'Runs every rooftop course and picks up marks of grace.', '3.2.0'),
      plugin(13, 'Motherlode Miner', 'Mines pay-dirt, fixes the wheel and collects ore.', '2.1.4'),
      plugin(14, 'Blast Furnace Smith', 'Smelts bars at the blast furnace with stamina management.', '1.6.0'),
      plugin(15, 'Herb Run Helper', 'Runs herb patches across the map with every teleport.', '2.0.0'),
      plugin(16, "Sailor's Compass", 'Charts sailing routes, trims sails and handles cargo.', '0.9.1'),
      plugin(17, 'Pyre Keeper', 'Burns logs in lines and restocks from the bank.', '1.1.0'),
    ],
  },
  {
    id: 3,
    ownerId: 2,
    url: 'https://github.com/ironbark-scripts/plugins',
    obfuscation: 'SOX',
    obfuscatorConfig: { renameClasses: true, flowObfuscation: false },
    plugins: [
      plugin(18, 'Storm Angler', 'Plays the storm fishing minigame and banks the reward pool.', '1.5.2'),
      plugin(19, 'Ironbark Fletcher', 'Fletches logs, strings bows and makes darts.', '2.2.0'),
      plugin(20, 'Gem Crafter', 'Cuts gems and crafts jewellery, with profit tracking.', '1.3.3'),
      plugin(21, 'Essence Runner', 'Crafts runes at every altar, pouches included.', '2.8.0'),
      plugin(22, "Hunter's Trail", 'Catches birds, chinchompas and salamanders with trap resets.', '1.7.1'),
      plugin(23, 'Pickpocket Pro', 'Pickpockets with dodgy necklaces, food and coin pouches.', '1.4.0'),
    ],
  },
  {
    id: 4,
    ownerId: 7,
    url: 'https://github.com/devon-dev/ember-plugins',
    obfuscation: 'NONE',
    plugins: [
      plugin(24, 'Free Woodcutter', 'Cuts and banks normal, oak and willow trees.', '1.0.4'),
      plugin(25, 'Slayer Task Helper', 'Gets tasks, travels, fights and banks for slayer.', '2.4.0'),
      plugin(26, 'Prayer Trainer', 'Offers bones at altars and gilded altars.', '1.2.1'),
      plugin(27, 'Kitchen Cook', 'Cooks everything from shrimp to anglerfish.', '1.0.0'),
      plugin(28, 'Construction Carpenter', 'Builds and removes furniture with butler support.', '1.3.0'),
      plugin(29, 'Clue Scroll Helper', 'Solves clue steps: emotes, maps, anagrams and puzzles.', '1.1.5'),
    ],
  },
  {
    id: 5,
    ownerId: 8,
    url: 'https://github.com/priya-plugins/pvm-suite',
    obfuscation: 'SOX',
    obfuscatorConfig: { renameClasses: true, stringEncryption: 'strong' },
    plugins: [
      plugin(30, 'Dragon Hunter', 'Kills metal and chromatic dragons with safe-spotting.', '3.1.0'),
      plugin(31, 'Raid Assistant', 'Calls out mechanics and swaps gear during raids.', '2.0.2'),
      plugin(
        32,
        'Serpent Shrine Helper',
        'Handles phases, prayers and venom at the serpent shrine.',
        '1.9.0',
      ),
      plugin(33, 'Arcane Alchemist', 'High-alchs, enchants and splashes for magic experience.', '1.5.0'),
      plugin(
        34,
        'Wilderness Boss Tracker',
        'Tracks wilderness boss spawns and hops away from risk.',
        '1.2.3',
      ),
      plugin(35, 'Barbarian Fisher', 'Barbarian fishing with cut-eat and heron tracking.', '1.6.1'),
      plugin(36, 'Minigame Points', 'Farms points at several minigames in rotation.', '0.8.0'),
    ],
  },
  {
    id: 6,
    ownerId: 8,
    url: 'https://github.com/priya-plugins/next-gen',
    obfuscation: 'NONE',
    storm2: true,
    plugins: [
      plugin(37, 'Next-Gen Woodcutter', 'The woodcutter rebuilt for the second-generation client.', '0.3.0'),
    ],
  },
];
