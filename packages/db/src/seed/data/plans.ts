import type { Period } from '@ember/contracts/enums';

export interface PriceSeed {
  id: number;
  name: string;
  period: Period;
  price: number;
  description?: string;
  promoDiscountPercent?: number;
  promoExtraDays?: number;
  vipOnly?: boolean;
  extensionPrice?: number;
  slots?: number;
  exposeSubCount?: boolean;
  /** Live prices are enabled and visible; `draft` keeps the new-price defaults (disabled, hidden). */
  draft?: boolean;
  hidden?: boolean;
  /** Session limit of every plugin link of this price (0 = unlimited). */
  sessionLimit?: number;
}

export interface PlanSeed {
  id: number;
  ownerId: number;
  name: string;
  summary: string;
  features: readonly string[];
  requirements?: readonly string[];
  labelIds: readonly number[];
  tags: readonly string[];
  pluginIds: readonly number[];
  prices: readonly PriceSeed[];
  hidden?: boolean;
  enabled?: boolean;
}

// Owners: 1 Mossforge Studios, 2 Ironbark Scripts, 3 Ember (the product), 7 developer, 8 premium.
// Label ids follow PLAN_LABELS: 1 Agility, 2 PvM, 3 Construction, 4 Cooking, 5 Crafting, 6 Farming,
// 7 Firemaking, 8 Fishing, 9 Fletching, 10 Money Making, 11 Herblore, 12 Hunter, 13 Magic,
// 14 Minigames, 15 Mining, 16 Other, 17 Prayer, 18 Questing, 19 Runecrafting, 20 Sailing,
// 21 Slayer, 22 Smithing, 23 Thieving, 24 Woodcutting, 25 Next-gen, 26 VIP, 27 Free, 28 Ironman.

/** The only price of the free plan 3 (the landing page's free tier). */
export const FREE_PRICE_ID = 5;

export const PLAN_SEEDS: readonly PlanSeed[] = [
  {
    id: 1,
    ownerId: 1,
    name: 'Rooftop Runner',
    summary:
      'Every rooftop agility course from Draynor to Ardougne, with marks of grace collected on the way.',
    features: [
      'All rooftop courses with automatic course selection by level',
      'Picks up marks of grace and avoids obstacles other players block',
      'Eats summer pies to boost when needed',
    ],
    requirements: ['10 Agility'],
    labelIds: [1],
    tags: ['agility', 'rooftops', 'marks of grace'],
    pluginIds: [12],
    prices: [
      { id: 1, name: 'Monthly', period: 'MONTHLY', price: 450, extensionPrice: 400 },
      { id: 2, name: 'Yearly', period: 'YEARLY', price: 4200, promoDiscountPercent: 10, sessionLimit: 2 },
    ],
  },
  {
    id: 2,
    ownerId: 2,
    name: 'Storm Angler',
    summary: 'Plays the storm fishing minigame solo or in a team and banks the reward pool.',
    features: ['Repairs, fishes and cooks during the storm', 'Hops to busy worlds for faster rounds'],
    labelIds: [8, 14],
    tags: ['fishing', 'minigame'],
    pluginIds: [18],
    prices: [
      { id: 3, name: 'Weekly', period: 'WEEKLY', price: 150 },
      { id: 4, name: 'Monthly', period: 'MONTHLY', price: 500, promoExtraDays: 7 },
    ],
  },
  {
    id: 3,
    ownerId: 3,
    name: 'Free Essentials',
    summary: 'The free starter pack every account gets: breaks, bank tabs and automatic login.',
    features: [
      'Break Handler with custom schedules',
      'Bank Tabs organiser',
      'Login Helper with world hopping',
    ],
    labelIds: [27, 16],
    tags: ['free', 'utility', 'starter'],
    pluginIds: [1, 2, 3],
    prices: [{ id: 5, name: 'Free forever', period: 'LIFETIME', price: 0, sessionLimit: 1 }],
  },
  {
    id: 4,
    ownerId: 3,
    name: 'Ember AIO Skilling Bundle',
    summary: 'Our all-in-one skilling bundle: woodcutting, fishing, mining and cooking in one subscription.',
    features: [
      'Four AIO skillers that hand over to each other',
      'Progressive mode levels skills in order',
      'Break Handler included',
    ],
    labelIds: [24, 8, 15, 4, 10],
    tags: ['bundle', 'aio', 'skilling'],
    pluginIds: [4, 5, 6, 7, 1],
    prices: [
      { id: 6, name: 'Monthly', period: 'MONTHLY', price: 1500, extensionPrice: 1350, sessionLimit: 3 },
      { id: 7, name: 'Yearly', period: 'YEARLY', price: 15000, promoDiscountPercent: 15, sessionLimit: 3 },
      { id: 8, name: 'Lifetime', period: 'LIFETIME', price: 45000, sessionLimit: 0 },
    ],
  },
  {
    id: 5,
    ownerId: 3,
    name: 'Quest Helper',
    summary: 'Completes free and members quests step by step, fetching items and handling fights.',
    features: ['Over 120 quests', 'Buys missing items at the exchange', 'Resumes after a disconnect'],
    labelIds: [18],
    tags: ['quests', 'helper'],
    pluginIds: [8],
    prices: [
      { id: 9, name: 'Monthly', period: 'MONTHLY', price: 800, promoExtraDays: 7, extensionPrice: 750 },
    ],
  },
  {
    id: 6,
    ownerId: 3,
    name: 'Ironman Starter Bundle',
    summary: 'Route planning and resource tracking for a fresh ironman, with the essentials included.',
    features: ['Efficient early-game route', 'Tracks every collected resource', 'Login Helper included'],
    labelIds: [28, 16],
    tags: ['bundle', 'ironman'],
    pluginIds: [9, 3],
    prices: [
      { id: 10, name: 'Weekly', period: 'WEEKLY', price: 250 },
      { id: 11, name: '6-hour trial', period: 'SIX_HOURS', price: 25, description: 'Try it for an evening.' },
    ],
  },
  {
    id: 7,
    ownerId: 1,
    name: 'Motherlode Miner',
    summary: 'Mines pay-dirt in the motherlode mine, upper or lower level, and fixes the water wheel.',
    features: [
      'Upper level support with the required agility',
      'Deposits and collects ore with a full sack',
      'Gem bag support',
    ],
    requirements: ['30 Mining'],
    labelIds: [15, 10],
    tags: ['mining', 'money making'],
    pluginIds: [13],
    prices: [
      { id: 12, name: 'Monthly', period: 'MONTHLY', price: 600 },
      { id: 13, name: 'Daily', period: 'DAILY', price: 40 },
    ],
  },
  {
    id: 8,
    ownerId: 1,
    name: 'Blast Furnace Smith',
    summary: 'Smelts every bar at the blast furnace with coffer, stamina and ice-glove handling.',
    features: ['Gold, steel, mithril, adamant and runite bars', 'Tops up the coffer automatically'],
    requirements: ['Started the Giant Dwarf quest'],
    labelIds: [22, 10],
    tags: ['smithing', 'money making'],
    pluginIds: [14],
    prices: [{ id: 14, name: 'Monthly', period: 'MONTHLY', price: 700, promoDiscountPercent: 20 }],
  },
  {
    id: 9,
    ownerId: 1,
    name: 'Herb Run Helper',
    summary: 'Runs herb patches across the map with every teleport you own, then cleans and sells.',
    features: [
      'All herb patches including the farming guild',
      'Composts, plants and notes with the leprechaun',
    ],
    labelIds: [6, 11],
    tags: ['farming', 'herblore', 'helper'],
    pluginIds: [15],
    prices: [{ id: 15, name: 'Monthly', period: 'MONTHLY', price: 550, extensionPrice: 500 }],
  },
  {
    id: 10,
    ownerId: 1,
    name: "Sailor's Compass",
    summary: 'Charts sailing routes, trims the sails and moves cargo between ports.',
    features: ['Route planner with wind prediction', 'Cargo runs for profit', 'Early access lifetime seats'],
    labelIds: [20],
    tags: ['sailing', 'early access'],
    pluginIds: [16],
    prices: [
      { id: 16, name: 'Monthly', period: 'MONTHLY', price: 650 },
      {
        id: 17,
        name: 'Early access lifetime',
        period: 'LIFETIME',
        price: 9000,
        slots: 25,
        exposeSubCount: true,
        sessionLimit: 0,
      },
    ],
  },
  {
    id: 11,
    ownerId: 1,
    name: 'Mossforge Skilling Bundle',
    summary: 'Every Mossforge skilling plugin in one subscription, at a bundle price.',
    features: [
      'Rooftop Runner, Motherlode Miner, Blast Furnace Smith and Herb Run Helper',
      'One subscription, one renewal date',
    ],
    labelIds: [1, 15, 22, 6],
    tags: ['bundle', 'skilling'],
    pluginIds: [12, 13, 14, 15],
    prices: [
      { id: 18, name: 'Monthly', period: 'MONTHLY', price: 1200, slots: 100, sessionLimit: 2 },
      { id: 19, name: 'Yearly', period: 'YEARLY', price: 12000, promoExtraDays: 30, sessionLimit: 2 },
    ],
  },
  {
    id: 12,
    ownerId: 1,
    name: 'Pyre Keeper',
    summary: 'Burns logs in long lines and restocks from the nearest bank. Private beta.',
    features: ['Line firemaking at the busiest spots', 'Private beta for whitelisted testers'],
    labelIds: [7],
    tags: ['firemaking', 'beta'],
    pluginIds: [17],
    hidden: true,
    prices: [{ id: 20, name: 'Monthly', period: 'MONTHLY', price: 300 }],
  },
  {
    id: 13,
    ownerId: 2,
    name: 'Ironbark Fletcher',
    summary: 'Fletches logs into bows, strings them and makes darts while you watch.',
    features: ['Longbows, shortbows and darts', 'Buys logs and sells bows at the exchange'],
    labelIds: [9],
    tags: ['fletching'],
    pluginIds: [19],
    prices: [
      { id: 21, name: 'Monthly', period: 'MONTHLY', price: 400 },
      { id: 51, name: 'Legacy monthly', period: 'MONTHLY', price: 350, hidden: true },
    ],
  },
  {
    id: 14,
    ownerId: 2,
    name: 'Gem Crafter',
    summary: 'Cuts gems and crafts jewellery, tracking profit per hour.',
    features: ['All gems up to zenyte', 'Jewellery with moulds'],
    labelIds: [5, 10],
    tags: ['crafting', 'money making'],
    pluginIds: [20],
    prices: [
      { id: 22, name: 'Weekly', period: 'WEEKLY', price: 120 },
      { id: 23, name: 'Monthly', period: 'MONTHLY', price: 420 },
    ],
  },
  {
    id: 15,
    ownerId: 2,
    name: 'Essence Runner',
    summary: 'Crafts runes at every altar with pouch repair and abyss support.',
    features: ['Every altar, with pouches', 'Abyss route with obstacle choice'],
    labelIds: [19, 10],
    tags: ['runecrafting', 'money making'],
    pluginIds: [21],
    prices: [
      { id: 24, name: 'Monthly', period: 'MONTHLY', price: 750 },
      { id: 25, name: 'Daily', period: 'DAILY', price: 50 },
    ],
  },
  {
    id: 16,
    ownerId: 2,
    name: "Hunter's Trail",
    summary: 'Catches birds, chinchompas and salamanders, resetting traps the moment they fall.',
    features: ['All trap types', 'Chinchompa mode with trap laying patterns'],
    labelIds: [12],
    tags: ['hunter', 'chinchompas'],
    pluginIds: [22],
    prices: [{ id: 26, name: 'Monthly', period: 'MONTHLY', price: 480 }],
  },
  {
    id: 17,
    ownerId: 2,
    name: 'Pickpocket Pro',
    summary: 'Pickpockets with dodgy necklaces, eats when needed and opens coin pouches.',
    features: ['Every pickpocket target', 'Shadow veil support'],
    labelIds: [23],
    tags: ['thieving'],
    pluginIds: [23],
    prices: [
      { id: 27, name: 'Monthly', period: 'MONTHLY', price: 380, promoDiscountPercent: 25 },
      { id: 28, name: 'Weekly (draft)', period: 'WEEKLY', price: 100, draft: true },
    ],
  },
  {
    id: 18,
    ownerId: 7,
    name: 'Free Woodcutter',
    summary: 'A free woodcutter for normal, oak and willow trees. Banks or drops.',
    features: ['Banks at the nearest bank', 'Power-chop mode'],
    labelIds: [24, 27],
    tags: ['free', 'woodcutting'],
    pluginIds: [24],
    prices: [{ id: 29, name: 'Free monthly', period: 'MONTHLY', price: 0 }],
  },
  {
    id: 19,
    ownerId: 7,
    name: 'Slayer Task Helper',
    summary: 'Gets slayer tasks, travels to the monsters, fights and banks until the task is done.',
    features: ['All slayer masters', 'Cannon support', 'Skips and blocks tasks you choose'],
    labelIds: [21, 2],
    tags: ['slayer', 'helper', 'combat'],
    pluginIds: [25],
    prices: [
      { id: 30, name: 'Monthly (limited)', period: 'MONTHLY', price: 650, slots: 2, exposeSubCount: true },
      { id: 31, name: 'Weekly', period: 'WEEKLY', price: 200 },
    ],
  },
  {
    id: 20,
    ownerId: 7,
    name: 'Prayer Trainer',
    summary: 'Offers bones at altars, gilded or chaos, with unnoting and banking.',
    features: ['Gilded altar in your house or a friend’s', 'Chaos altar with escape logic'],
    labelIds: [17],
    tags: ['prayer'],
    pluginIds: [26],
    prices: [{ id: 32, name: 'Monthly', period: 'MONTHLY', price: 350, extensionPrice: 300 }],
  },
  {
    id: 21,
    ownerId: 7,
    name: 'Kitchen Cook',
    summary: 'Cooks everything from shrimp to anglerfish on the best range nearby.',
    features: ['Range selection by burn rate', 'Buys raw food automatically'],
    labelIds: [4],
    tags: ['cooking'],
    pluginIds: [27],
    prices: [
      { id: 33, name: 'Weekly', period: 'WEEKLY', price: 90 },
      { id: 34, name: 'Monthly', period: 'MONTHLY', price: 300 },
    ],
  },
  {
    id: 22,
    ownerId: 7,
    name: 'Construction Carpenter',
    summary: 'Builds and removes furniture with a demon butler fetching planks.',
    features: ['Oak larders, mahogany tables and more', 'Butler and phials support'],
    labelIds: [3],
    tags: ['construction'],
    pluginIds: [28],
    prices: [{ id: 35, name: 'Monthly', period: 'MONTHLY', price: 450 }],
  },
  {
    id: 23,
    ownerId: 7,
    name: 'Clue Scroll Helper',
    summary: 'Solves clue scroll steps: emotes, maps, anagrams, cryptics and puzzle boxes.',
    features: ['Beginner to elite clues', 'Puzzle box and light box solvers'],
    labelIds: [16, 14],
    tags: ['clues', 'helper'],
    pluginIds: [29],
    prices: [{ id: 36, name: 'Monthly', period: 'MONTHLY', price: 500 }],
  },
  {
    id: 24,
    ownerId: 8,
    name: 'Dragon Hunter PvM',
    summary: 'Kills metal and chromatic dragons with safe-spotting, looting and banking.',
    features: ['Brutal, metal and chromatic dragons', 'Anti-dragon shield checks', 'Loot value tracker'],
    requirements: ['70 Ranged recommended'],
    labelIds: [2, 21, 10],
    tags: ['pvm', 'bossing', 'dragons'],
    pluginIds: [30],
    prices: [
      { id: 37, name: 'Monthly', period: 'MONTHLY', price: 1100, extensionPrice: 1000 },
      {
        id: 38,
        name: 'Yearly',
        period: 'YEARLY',
        price: 11000,
        promoDiscountPercent: 10,
        promoExtraDays: 14,
      },
    ],
  },
  {
    id: 25,
    ownerId: 8,
    name: 'Raid Assistant',
    summary: 'Calls out raid mechanics and swaps gear and prayers at the right tick.',
    features: ['Tick-perfect prayer swaps', 'Gear presets per room'],
    labelIds: [2, 14],
    tags: ['pvm', 'raids'],
    pluginIds: [31],
    prices: [
      { id: 39, name: 'Monthly', period: 'MONTHLY', price: 1400, sessionLimit: 2 },
      { id: 40, name: 'Daily', period: 'DAILY', price: 80 },
    ],
  },
  {
    id: 26,
    ownerId: 8,
    name: 'Serpent Shrine Helper',
    summary: 'Handles phases, prayers and venom at the serpent shrine boss.',
    features: ['Phase detection with safe tiles', 'Venom and food management'],
    labelIds: [2, 10],
    tags: ['pvm', 'bossing', 'helper'],
    pluginIds: [32],
    prices: [{ id: 41, name: 'Monthly', period: 'MONTHLY', price: 900 }],
  },
  {
    id: 27,
    ownerId: 8,
    name: 'Arcane Alchemist',
    summary: 'High-alchs, enchants and splashes for cheap magic experience.',
    features: ['Alch lists with profit checks', 'Enchant bolts and jewellery'],
    labelIds: [13, 10],
    tags: ['magic', 'money making'],
    pluginIds: [33],
    prices: [
      { id: 42, name: 'Monthly', period: 'MONTHLY', price: 350 },
      { id: 43, name: 'VIP lifetime', period: 'LIFETIME', price: 2500, vipOnly: true, sessionLimit: 0 },
    ],
  },
  {
    id: 28,
    ownerId: 8,
    name: 'Wilderness Boss Tracker',
    summary: 'Tracks wilderness boss spawns and hops away from risk before it finds you.',
    features: ['Spawn timers for every wilderness boss', 'Skull and PK detection'],
    labelIds: [2],
    tags: ['pvm', 'wilderness'],
    pluginIds: [34],
    prices: [{ id: 44, name: 'VIP monthly', period: 'MONTHLY', price: 500, vipOnly: true }],
  },
  {
    id: 29,
    ownerId: 8,
    name: 'Barbarian Fisher',
    summary: 'Barbarian fishing with cut-eat for agility and strength experience.',
    features: ['Cut-eat and drop modes', 'Tracks the heron pet chance'],
    labelIds: [8, 1],
    tags: ['fishing', 'agility'],
    pluginIds: [35],
    prices: [{ id: 45, name: 'Monthly', period: 'MONTHLY', price: 400 }],
  },
  {
    id: 30,
    ownerId: 8,
    name: 'Next-Gen Woodcutter',
    summary: 'The woodcutter rebuilt for the second-generation client.',
    features: ['Runs on the second-generation client', 'Forestry events support'],
    labelIds: [24, 25],
    tags: ['woodcutting', 'next-gen'],
    pluginIds: [37],
    prices: [{ id: 46, name: 'Monthly', period: 'MONTHLY', price: 450 }],
  },
  {
    id: 31,
    ownerId: 8,
    name: 'Minigame Points Bundle',
    summary: 'Farms points at several minigames in rotation. Disabled while it is reworked.',
    features: ['Rotation between minigames', 'Reward shop purchasing'],
    labelIds: [14],
    tags: ['bundle', 'minigames'],
    pluginIds: [36],
    enabled: false,
    prices: [{ id: 47, name: 'Monthly', period: 'MONTHLY', price: 900 }],
  },
  {
    id: 32,
    ownerId: 3,
    name: 'Ember Combat Helper',
    summary: 'Eats, drinks, flicks prayers and loots in any fight you start.',
    features: ['Prayer flicking', 'Loot filters', 'Six-hour trial for new players'],
    labelIds: [2, 21, 17],
    tags: ['combat', 'helper'],
    pluginIds: [10],
    prices: [
      { id: 48, name: 'Monthly', period: 'MONTHLY', price: 700 },
      { id: 49, name: '6-hour trial', period: 'SIX_HOURS', price: 20 },
    ],
  },
  {
    id: 33,
    ownerId: 3,
    name: 'VIP Perks Pack',
    summary: 'Extras for VIP members: a profit and session overlay at no extra cost.',
    features: ['Session and profit overlay', 'Included with VIP'],
    labelIds: [26, 16],
    tags: ['vip', 'utility'],
    pluginIds: [11],
    prices: [{ id: 50, name: 'VIP lifetime', period: 'LIFETIME', price: 0, vipOnly: true, sessionLimit: 0 }],
  },
];
