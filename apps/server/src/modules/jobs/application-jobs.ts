import { defineScheduledJob } from './define-scheduled-job.ts';

export const UNPAUSE_DUE_JOB = 'subscriptions-unpause-due';
export const LEDGER_AUDIT_JOB = 'wallet-ledger-audit';
export const EXPIRY_NOTICES_JOB = 'subscriptions-expiry-notices';

/** What the ledger audit needs from the wallet: any report that says whether the books agree. */
export interface LedgerChecker {
  checkLedger(): Promise<{ ok: boolean }>;
}

/**
 * The store's recurring jobs. Every minute, subscriptions whose pause days are over are unpaused
 * by the same statement as a manual unpause. Every hour the ledger is audited; a disagreement
 * fails the job, so it is logged as an error and kept in the failed-jobs list (the place an
 * operator learns that money and ledger disagree). Both are `stately`: a slow run is never
 * doubled by the next tick, at most one more waits.
 */
export function applicationJobs(deps: {
  /** The subscriptions module's automatic unpause: the ids it resumed. */
  management: {
    unpauseDue(): Promise<number[]>;
    /** Tells holders whose subscriptions end in 3 days or ended (issue 35). */
    noticeExpiries(): Promise<{ ending: number; ended: number }>;
  };
  wallet: LedgerChecker;
}) {
  const unpauseDue = defineScheduledJob({
    name: UNPAUSE_DUE_JOB,
    cron: '* * * * *',
    retryDelaySeconds: 10,
    expireInSeconds: 60,
    handler: async () => ({ unpaused: await deps.management.unpauseDue() }),
  });

  const ledgerAudit = defineScheduledJob({
    name: LEDGER_AUDIT_JOB,
    cron: '17 * * * *',
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 15 * 60,
    handler: async () => {
      const report = await deps.wallet.checkLedger();
      if (!report.ok) throw new LedgerDisagreesError(report);
      return report;
    },
  });

  const expiryNotices = defineScheduledJob({
    name: EXPIRY_NOTICES_JOB,
    cron: '41 * * * *',
    handler: () => deps.management.noticeExpiries(),
  });

  return { unpauseDue, ledgerAudit, expiryNotices, all: [unpauseDue, ledgerAudit, expiryNotices] };
}

export class LedgerDisagreesError extends Error {
  /** The report travels with the error into the log and the failed job's output. */
  constructor(readonly report: object) {
    super('ledger check failed: balances and ledger disagree');
    this.name = 'LedgerDisagreesError';
  }
}
