import { z } from 'zod';

export const ROLES = [
  'CUSTOMER',
  'OWNER',
  'ADMIN',
  'DEVELOPER',
  'PREMIUM_DEVELOPER',
  'STAFF',
  'PAYMENTS',
  'VIP',
] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PERIODS = ['SIX_HOURS', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'LIFETIME'] as const;
export const periodSchema = z.enum(PERIODS);
export type Period = z.infer<typeof periodSchema>;

export const PAYMENT_PROCESSORS = ['STRIPE', 'CRYPTO', 'GP'] as const;
export const paymentProcessorSchema = z.enum(PAYMENT_PROCESSORS);
export type PaymentProcessor = z.infer<typeof paymentProcessorSchema>;

/** EUR amounts are cents; GP amounts are whole gold pieces; CREDITS are whole credits. */
export const CURRENCIES = ['EUR', 'GP', 'CREDITS'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

export const OBFUSCATIONS = ['NONE', 'SOX'] as const;
export const obfuscationSchema = z.enum(OBFUSCATIONS);
export type Obfuscation = z.infer<typeof obfuscationSchema>;

export const VIP_UNITS = ['Hours', 'Days', 'Months'] as const;
export const vipUnitSchema = z.enum(VIP_UNITS);
export type VipUnit = z.infer<typeof vipUnitSchema>;

export const ORDER_STATUSES = [
  'pending',
  'awaiting_payment',
  'payment_received',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'disputed',
  'expired',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const PRODUCT_KINDS = ['CREDITS', 'GP', 'VIP'] as const;
export const productKindSchema = z.enum(PRODUCT_KINDS);
export type ProductKind = z.infer<typeof productKindSchema>;

/** Why a ledger entry exists. Every credit movement has exactly one of these. */
export const LEDGER_ENTRY_TYPES = [
  'PURCHASE',
  'GIFT',
  'EXTENSION',
  'CREDIT_TRANSFER_OUT',
  'CREDIT_TRANSFER_IN',
  'REFUND',
  'ORDER_TOP_UP',
  'DEVELOPER_EARNING',
  'DEVELOPER_EARNING_REVERSAL',
  'PAYOUT_RESERVATION',
  'PAYOUT_RELEASE',
  'ADMIN_ADJUSTMENT',
  'SEED',
] as const;
export const ledgerEntryTypeSchema = z.enum(LEDGER_ENTRY_TYPES);
export type LedgerEntryType = z.infer<typeof ledgerEntryTypeSchema>;

/** Which balance an entry moves: spendable credits or developer earnings. */
export const LEDGER_ACCOUNTS = ['CREDITS', 'EARNINGS'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const REPO_UPDATE_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;
export type RepoUpdateStatus = (typeof REPO_UPDATE_STATUSES)[number];

export const LIST_KINDS = ['WHITELIST', 'BLACKLIST'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export const PLATFORMS = [
  'windows',
  'windows32',
  'windowsArm64',
  'mac',
  'macAarch64',
  'linux',
  'linuxAarch64',
] as const;
export type Platform = (typeof PLATFORMS)[number];
