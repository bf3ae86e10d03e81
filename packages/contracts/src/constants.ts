/** Business constants of spec §9. */
export const OWNER_ACCOUNT_ID = 3;
export const FREE_PLAN_ID = 3;
export const DESKTOP_BREAKPOINT_PX = 890;
/** The JSON script of a server-rendered page that holds the API answers it was rendered from (decision 0024). */
export const SERVER_RENDER_STATE_ELEMENT_ID = 'server-render-state';
export const DROPDOWN_CLOSE_DELAY_MS = 100;
export const VOTE_COOLDOWN_HOURS = 4;
export const HERO_CAPTION_INTERVAL_MS = 1750;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 20;
export const TOOLTIP = { delayShow: 0, maxWidth: 350, zIndex: 9999 } as const;
export const COOKIE_DEFAULT_DAYS = 1;
export const REFRESH_COOKIE_DAYS = 30;
export const MODAL_WIDTH_PX = { normal: 600, large: 1200 } as const;
export const TABLE_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 10;
export const PLAN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const PLAN_DEFAULT_PAGE_SIZE = 25;
export const PLUGIN_ATTACH_PAGE_SIZE = 100;
export const PAUSE_DAYS = 14;
export const PLAN_DESCRIPTION_CUT = 200;
export const DISCOUNT_CODE_MAX_USES_DEFAULT = 0;
export const ADD_HOURS_RELOAD_DELAY_MS = 1000;
export const VIP_PRICE_CENTS = 1500;

/** Pseudo plugin ids used by client sessions (spec §4). */
export const PSEUDO_PLUGIN_NAMES: Record<number, string> = {
  0: 'Client',
  65535: 'Next-gen client',
  65536: 'Next-gen client (development)',
};

/** The nine activities the landing page hero rotates through. */
export const HERO_ACTIVITIES = [
  'Skilling',
  'Bossing',
  'Questing',
  'Slayer',
  'Money making',
  'Minigames',
  'Farming',
  'Raiding',
  'Ironman',
] as const;

/** Id columns are PostgreSQL `integer`: larger numbers are refused as input instead of failing in the database. */
export const INT4_MAX = 2_147_483_647;
