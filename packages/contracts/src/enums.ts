/**
 * Every enumeration of the product as plain `as const` arrays and their types: no zod here, so the web
 * shell can import them without the validation library (the zod enums are in enum-schemas.ts).
 */
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
export type Role = (typeof ROLES)[number];

export const PERIODS = ['SIX_HOURS', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'LIFETIME'] as const;
export type Period = (typeof PERIODS)[number];

export const PAYMENT_PROCESSORS = ['STRIPE', 'CRYPTO', 'GP'] as const;
export type PaymentProcessor = (typeof PAYMENT_PROCESSORS)[number];

/** EUR amounts are cents; GP amounts are whole gold pieces; CREDITS are whole credits. */
export const CURRENCIES = ['EUR', 'GP', 'CREDITS'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const OBFUSCATIONS = ['NONE', 'SOX'] as const;
export type Obfuscation = (typeof OBFUSCATIONS)[number];

export const VIP_UNITS = ['Hours', 'Days', 'Months'] as const;
export type VipUnit = (typeof VIP_UNITS)[number];

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
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Which implementation ran a payment attempt: Stripe, BTCPay Server, or the local sandbox. */
export const PAYMENT_GATEWAYS = ['stripe', 'btcpay', 'sandbox'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/** A payment attempt's state, as its processor reported it. */
export const PAYMENT_STATUSES = [
  'open',
  'processing',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'disputed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PRODUCT_KINDS = ['CREDITS', 'GP', 'VIP'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

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
  'PLATFORM_SHARE',
  'PLATFORM_SHARE_REVERSAL',
  'PAYOUT_SETTLEMENT',
  /** Credits of a disputed or refunded order taken back (as far as the balance allows). */
  'ORDER_REVERSAL',
  /** An admin moved a whole account to another: its credits and earnings leave and arrive. */
  'ACCOUNT_TRANSFER_OUT',
  'ACCOUNT_TRANSFER_IN',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** Which balance an entry moves: spendable credits or developer earnings. */
export const LEDGER_ACCOUNTS = ['CREDITS', 'EARNINGS'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * The books' own accounts, one of each, with no user: the other side of every movement that is
 * not user to user. They may go negative (a clearing account is negative by what a processor owes).
 */
export const SYSTEM_ACCOUNTS = [
  /** The platform's share of sales (and its reversal on refunds). */
  'PLATFORM_REVENUE',
  /** Money taken by a payment processor and not yet settled to the platform. */
  'CLEARING_STRIPE',
  'CLEARING_CRYPTO',
  'CLEARING_GP',
  /** Earnings reserved by a requested payout and not yet paid. */
  'PAYOUTS_IN_FLIGHT',
  /** Earnings paid out to developers. */
  'PAYOUTS_PAID',
  /** Balances brought over from the previous store. */
  'OPENING_BALANCES',
  /** Corrections made by staff. */
  'ADJUSTMENTS',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/** Every account a posting can move: a user's credits or earnings, or a system account. */
export const POSTING_ACCOUNTS = [...LEDGER_ACCOUNTS, ...SYSTEM_ACCOUNTS] as const;
export type PostingAccount = (typeof POSTING_ACCOUNTS)[number];

/** One business event of the books; every journal's postings sum to zero. */
export const JOURNAL_KINDS = [
  'SUBSCRIPTION_PURCHASE',
  'SUBSCRIPTION_GIFT',
  'SUBSCRIPTION_EXTENSION',
  'SUBSCRIPTION_REFUND',
  'CREDIT_TRANSFER',
  'ADMIN_ADJUSTMENT',
  'OPENING_BALANCE',
  'ORDER_FULFILMENT',
  'PAYOUT_RESERVATION',
  'PAYOUT_RELEASE',
  'PAYOUT_SETTLEMENT',
  'ORDER_REVERSAL',
  'ACCOUNT_TRANSFER',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** What a journal is for: a journal names its subject by kind and id, never by a bare number. */
export const JOURNAL_REFERENCE_KINDS = ['SUBSCRIPTION', 'ORDER', 'PAYOUT', 'USER'] as const;
export type JournalReferenceKind = (typeof JOURNAL_REFERENCE_KINDS)[number];

export const REPO_UPDATE_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;
export type RepoUpdateStatus = (typeof REPO_UPDATE_STATUSES)[number];
/** What a DONE update did: published new plugin versions, or found nothing new since the last one. */
export const REPO_UPDATE_OUTCOMES = ['PUBLISHED', 'UNCHANGED'] as const;
export type RepoUpdateOutcome = (typeof REPO_UPDATE_OUTCOMES)[number];

/** What `POST /commands/update-loader` and `update-classpath` publish. */
export const CLIENT_RELEASE_KINDS = ['LOADER', 'CLASSPATH'] as const;
export type ClientReleaseKind = (typeof CLIENT_RELEASE_KINDS)[number];

/** A device-authorization request (RFC 8628) from its creation to the token it gave. */
export const DEVICE_AUTHORIZATION_STATUSES = ['PENDING', 'APPROVED', 'DENIED', 'CONSUMED'] as const;
export type DeviceAuthorizationStatus = (typeof DEVICE_AUTHORIZATION_STATUSES)[number];

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
