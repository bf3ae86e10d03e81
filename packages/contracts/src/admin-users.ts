import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { roleSchema } from './enum-schemas.ts';
import { VIP_UNITS, type VipUnit } from './enums.ts';
import { accountProfileFields } from './identity.ts';
import { INT4_MAX, idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam, sortParam } from './paging.ts';
import { z } from './zod.ts';

// Contracts of the admins' user management (spec §7 Users, §5 admin add VIP and transfer account,
// §8 user toasts). Every call here is audited with before and after.

/** Spec §8 success toasts. */
export const USER_BANNED_MESSAGE = 'User banned successfully!';
export const USER_UNBANNED_MESSAGE = 'User unbanned successfully!';
export const VIP_ADDED_MESSAGE = 'VIP added successfully';
export const ACCOUNT_TRANSFERRED_MESSAGE = 'Account transferred successfully!';
export const USER_UPDATED_MESSAGE = 'User updated successfully!';
/** Spec §5. */
export const NO_USER_SELECTED_MESSAGE = 'No user selected';
export const INVALID_VIP_UNIT_MESSAGE = 'Invalid unit provided';
export const TARGET_USER_ID_INVALID_MESSAGE = 'User ID is not a number';
export const BALANCE_REASON_REQUIRED_MESSAGE = 'Say why the balance changes: the reason goes into the books.';
export const TRANSFER_TO_SELF_MESSAGE = 'An account cannot be transferred to itself.';
export const ACCOUNT_ALREADY_TRANSFERRED_MESSAGE = 'This account was already transferred to another account.';
export const BALANCE_OF_TRANSFERRED_MESSAGE =
  'This account was transferred: its credits moved with it, so its balance cannot be changed.';
export const DISCORD_ID_TAKEN_MESSAGE = 'Another account already has that Discord id.';
/** Refusals of ban, unban and account transfer (beside the spec's own messages). */
export const BAN_SELF_MESSAGE = 'You cannot ban your own account.';
export const UNBAN_TRANSFERRED_MESSAGE =
  'This account was transferred to another account and stays disabled: it cannot be unbanned.';
export const TRANSFER_TARGET_NOT_FOUND_MESSAGE = 'No account has that user id.';
export const TRANSFER_TARGET_DISABLED_MESSAGE =
  'The target account is banned or disabled: unban it before transferring an account to it.';

export const ADMIN_USER_SORT_KEYS = ['id', 'username', 'registrationDate', 'balance'] as const;
export type AdminUserSortKey = (typeof ADMIN_USER_SORT_KEYS)[number];

/**
 * GET /users (admins): newest accounts first. `search` finds an account by its id, Discord id or
 * username (a username prefix, case-insensitive); blank means every account.
 */
export const adminUsersQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
  sort: sortParam(ADMIN_USER_SORT_KEYS, { key: 'id', order: 'desc' }),
  search: z
    .string()
    .trim()
    .max(100, 'The search can be at most 100 characters.')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

/** One account as the admin panel shows it (spec §3 Account/User, plus what staff need). */
export const adminUserResponse = z.object({
  ...accountProfileFields,
  /** Spendable credits. */
  balance: z.number().int(),
  /** Developer earnings (credits). */
  earnings: z.number().int(),
  roles: z.array(roleSchema),
  /** false = banned (or left disabled by an account transfer). */
  enabled: z.boolean(),
  /** Set when this account was transferred: the account that holds everything now. */
  transferredToId: z.number().int().nullable(),
  /** Set while a payment dispute holds the account (decision 0015). */
  heldAt: z.iso.datetime().nullable(),
});
export type AdminUserResponse = z.infer<typeof adminUserResponse>;
export const adminUserPageResponse = pageOf(adminUserResponse);
export type AdminUserPage = z.infer<typeof adminUserPageResponse>;

export const userIdParams = z.object({ id: idParam('user') });
export const transferAccountParams = z.object({ userId: idParam('user') });

/**
 * PUT /users/{id} {discordId, username, balance, reason} (spec §7). A changed balance is one
 * journal against the books' adjustments account, authored by the admin, with `reason` as its
 * description; `reason` is required only when the balance changes.
 */
export const updateUserBody = z
  .object(
    {
      discordId: z
        .string({ error: 'Please enter a valid discord id' })
        .trim()
        .regex(/^[0-9]{17,20}$/, 'Please enter a valid discord id'),
      username: z
        .string({ error: 'The username must be text.' })
        .trim()
        .min(1, 'The username must not be empty.')
        .max(100, 'The username can be at most 100 characters.'),
      balance: z
        .number({ error: 'The balance must be a whole number of credits, 0 or more.' })
        .int('The balance must be a whole number of credits, 0 or more.')
        .min(0, 'The balance must be a whole number of credits, 0 or more.')
        .max(INT4_MAX, 'The balance is too large.'),
      reason: z
        .string()
        .trim()
        .max(500, 'The reason can be at most 500 characters.')
        .optional()
        .transform((value) => (value === '' ? undefined : value)),
    },
    { error: 'The request body must be a JSON object.' },
  )
  .strict();
export type UpdateUserBody = z.input<typeof updateUserBody>;

const vipAmount = z.coerce
  .number({ error: 'The amount of VIP time must be a whole number from 1.' })
  .int('The amount of VIP time must be a whole number from 1.')
  .min(1, 'The amount of VIP time must be a whole number from 1.')
  .max(10_000, 'The amount of VIP time can be at most 10000.');

/** The query parameter of each VIP unit (spec §7 `add-vip?hours|days|months`). */
export const VIP_UNIT_PARAM: Record<VipUnit, 'hours' | 'days' | 'months'> = {
  Hours: 'hours',
  Days: 'days',
  Months: 'months',
};

/** PUT /users/{id}/add-vip?hours|days|months: exactly one of the three (spec §5 'Invalid unit provided'). */
export const addVipQuery = z
  .object({ hours: vipAmount.optional(), days: vipAmount.optional(), months: vipAmount.optional() })
  .refine((query) => [query.hours, query.days, query.months].filter((v) => v !== undefined).length === 1, {
    message: INVALID_VIP_UNIT_MESSAGE,
  });

/** The web form of "Add VIP": a unit from the spec's list and an amount. */
export const addVipForm = z.object({
  unit: z.enum(VIP_UNITS, { error: INVALID_VIP_UNIT_MESSAGE }),
  amount: vipAmount,
});
export type AddVipForm = z.input<typeof addVipForm>;
export type AddVipValues = z.output<typeof addVipForm>;

/** POST /users/{userId}/transfer-account?targetId (spec §5 'User ID is not a number'). */
export const transferAccountQuery = z.object({
  targetId: z
    .string({ error: TARGET_USER_ID_INVALID_MESSAGE })
    .trim()
    .regex(/^[1-9][0-9]{0,9}$/, TARGET_USER_ID_INVALID_MESSAGE)
    .transform(Number)
    .refine((value) => value <= INT4_MAX, TARGET_USER_ID_INVALID_MESSAGE),
});
export type TransferAccountQuery = z.input<typeof transferAccountQuery>;

/** What an account transfer moved, so the admin sees nothing was left behind. */
export const accountTransferResponse = z.object({
  source: adminUserResponse,
  target: adminUserResponse,
  moved: z.object({
    subscriptions: z.number().int(),
    credits: z.number().int(),
    earnings: z.number().int(),
    orders: z.number().int(),
    payouts: z.number().int(),
    sessions: z.number().int(),
    clientTokens: z.number().int(),
    /** Votes (their history and the cooldown they set); see docs/decisions/0029-account-transfer.md. */
    votes: z.number().int(),
    /** Whitelist and blacklist entries moved (entries the target already had are dropped, not doubled). */
    accessListEntries: z.number().int(),
  }),
});
export type AccountTransferResponse = z.infer<typeof accountTransferResponse>;
