import { wholeAmountText } from './amounts.ts';
import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { JOURNAL_REFERENCE_KINDS, LEDGER_ACCOUNTS, LEDGER_ENTRY_TYPES, POSTING_ACCOUNTS } from './enums.ts';
import { INT4_MAX, idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam, sortParam } from './paging.ts';
import { blankAsMissing, discordIdFilter } from './query-filters.ts';
import { z } from './zod.ts';

// Contracts of the wallet (spec §7 Users transfer-credits and Transactions, §3 Transaction). The
// server answers schema failures with these sentences verbatim, so they are written for people.

/** Spec §5 credit gift messages and the §8 success toast. */
export const TRANSFER_AMOUNT_INVALID_MESSAGE = 'Please enter a valid amount.';
export const TRANSFER_RECEIVER_EMPTY_MESSAGE = 'Receivers discord id was empty';
export const CREDITS_TRANSFERRED_MESSAGE = 'Credits transferred successfully!';
export const NOT_ENOUGH_CREDITS_MESSAGE = 'Not enough credits.';

const discordIdText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(/^[0-9]{17,20}$/, 'A Discord id is a number of 17 to 20 digits, like 314159265358979301.');

/** PUT /users/transfer-credits?targetDiscordId&amount: a credit gift to another account. */
export const transferCreditsQuery = z.object({
  targetDiscordId: discordIdText(TRANSFER_RECEIVER_EMPTY_MESSAGE),
  amount: wholeAmountText(TRANSFER_AMOUNT_INVALID_MESSAGE, INT4_MAX),
});
export type TransferCreditsQuery = z.input<typeof transferCreditsQuery>;

export const transferCreditsResponse = z.object({
  message: z.string(),
  /** The sender's balance after the transfer. */
  balance: z.number().int(),
});
export type TransferCreditsResponse = z.infer<typeof transferCreditsResponse>;

/** Spec §3 Transaction: one ledger entry, as the admin table and the account history show it. */
export const transactionResponse = z.object({
  id: z.number().int(),
  /** CREDITS (spendable balance) or EARNINGS (developer earnings). */
  account: z.enum(LEDGER_ACCOUNTS),
  type: z.enum(LEDGER_ENTRY_TYPES),
  description: z.string(),
  discordId: z.string(),
  username: z.string(),
  createdAt: z.iso.datetime(),
  /** The account's balance right after this entry. */
  balance: z.number().int(),
  /** Signed: positive adds to the account, negative takes from it. */
  amount: z.number().int(),
  /** The id of what the movement paid for; `referenceKind` says whether it is a subscription, order, payout or user. */
  entityId: z.string().nullable(),
  referenceKind: z.enum(JOURNAL_REFERENCE_KINDS),
  /** The business event (journal) this entry is one side of. */
  journalId: z.number().int(),
});
export type TransactionResponse = z.infer<typeof transactionResponse>;
export const transactionPageResponse = pageOf(transactionResponse);
export type TransactionPage = z.infer<typeof transactionPageResponse>;

export const TRANSACTION_SORT_KEYS = ['createdAt', 'id', 'amount', 'type'] as const;
export type TransactionSortKey = (typeof TRANSACTION_SORT_KEYS)[number];

const ownTransactionFilters = {
  page: pageNumberParam,
  size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
  sort: sortParam(TRANSACTION_SORT_KEYS, { key: 'createdAt', order: 'desc' }),
  type: z
    .string()
    .trim()
    .optional()
    .transform(blankAsMissing)
    .pipe(
      z
        .enum(LEDGER_ENTRY_TYPES, { error: `The type must be one of ${LEDGER_ENTRY_TYPES.join(', ')}.` })
        .optional(),
    ),
  account: z
    .string()
    .trim()
    .optional()
    .transform(blankAsMissing)
    .pipe(z.enum(LEDGER_ACCOUNTS, { error: 'The account must be CREDITS or EARNINGS.' }).optional()),
};

/** GET /transactions/my: the caller's own entries, newest first. */
export const myTransactionsQuery = z.object(ownTransactionFilters);

export const REFERENCE_ID_WITHOUT_KIND_MESSAGE =
  'Give the reference kind too when filtering by reference id.';

/**
 * GET /transactions (admins): every entry, filtered by the account holder's Discord id, the type,
 * and what the entry's journal is for (reference kind and id).
 */
export const transactionsQuery = z
  .object({
    ...ownTransactionFilters,
    discordId: discordIdFilter,
    /** What the journal paid for: a kind, and with it optionally an id. */
    referenceKind: z
      .string()
      .trim()
      .optional()
      .transform((value) => blankAsMissing(value)?.toUpperCase())
      .pipe(
        z
          .enum(JOURNAL_REFERENCE_KINDS, {
            error: `The reference kind must be one of ${JOURNAL_REFERENCE_KINDS.join(', ')}.`,
          })
          .optional(),
      ),
    referenceId: z.string().trim().optional().transform(blankAsMissing).pipe(idParam('reference').optional()),
  })
  .refine((query) => query.referenceId === undefined || query.referenceKind !== undefined, {
    message: REFERENCE_ID_WITHOUT_KIND_MESSAGE,
    path: ['referenceId'],
  });

/**
 * GET /transactions/trial-balance (admins): every account's balance (users' CREDITS and EARNINGS
 * each summed over all holders, and every system account) and their total, which must be 0.
 */
export const trialBalanceResponse = z.object({
  accounts: z.array(
    z.object({
      account: z.enum(POSTING_ACCOUNTS),
      /** How many users hold this account (0 for system accounts). */
      holders: z.number().int().nonnegative(),
      balance: z.number().int(),
    }),
  ),
  /** The sum of every balance: 0 when the books balance. */
  total: z.number().int(),
});
export type TrialBalance = z.infer<typeof trialBalanceResponse>;
