import { LEDGER_ENTRY_TYPES, type LedgerEntryType, type PostingAccount } from '@ember/contracts/enums';

// Ledger words as people say them: the account's own history and the admin ledger read them here.

const TYPE_LABELS: Record<LedgerEntryType, string> = {
  PURCHASE: 'Purchase',
  GIFT: 'Gift',
  EXTENSION: 'Extension',
  CREDIT_TRANSFER_OUT: 'Credits sent',
  CREDIT_TRANSFER_IN: 'Credits received',
  REFUND: 'Refund',
  ORDER_TOP_UP: 'Top-up',
  DEVELOPER_EARNING: 'Earning',
  DEVELOPER_EARNING_REVERSAL: 'Earning reversed',
  PAYOUT_RESERVATION: 'Payout reserved',
  PAYOUT_RELEASE: 'Payout released',
  ADMIN_ADJUSTMENT: 'Adjustment',
  SEED: 'Opening balance',
  PLATFORM_SHARE: 'Platform share',
  PLATFORM_SHARE_REVERSAL: 'Platform share reversed',
  PAYOUT_SETTLEMENT: 'Payout paid',
  ORDER_REVERSAL: 'Order reversed',
  ACCOUNT_TRANSFER_OUT: 'Account moved out',
  ACCOUNT_TRANSFER_IN: 'Account moved in',
};

/** A ledger entry type as people say it. */
export function transactionTypeLabel(type: LedgerEntryType): string {
  return TYPE_LABELS[type];
}

/** Every entry type with its label, in the contract's order (the admin ledger's type filter). */
export const TRANSACTION_TYPE_OPTIONS = LEDGER_ENTRY_TYPES.map((type) => ({
  value: type,
  label: TYPE_LABELS[type],
}));

const ACCOUNT_LABELS: Record<PostingAccount, string> = {
  CREDITS: 'Credits',
  EARNINGS: 'Earnings',
  PLATFORM_REVENUE: 'Platform revenue',
  CLEARING_STRIPE: 'Stripe clearing',
  CLEARING_CRYPTO: 'Crypto clearing',
  CLEARING_GP: 'GP clearing',
  PAYOUTS_IN_FLIGHT: 'Payouts in flight',
  PAYOUTS_PAID: 'Payouts paid',
  OPENING_BALANCES: 'Opening balances',
  ADJUSTMENTS: 'Adjustments',
};

/** A books account (a user's credits or earnings, or a system account) as people say it. */
export function ledgerAccountLabel(account: PostingAccount): string {
  return ACCOUNT_LABELS[account];
}
