import type { LedgerEntryType } from '@ember/contracts/enums';

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
