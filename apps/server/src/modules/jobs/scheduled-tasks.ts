import type { SubscriptionManagementService } from '../subscriptions/subscription-management.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { ScheduledTask } from './job-runner.ts';

export const UNPAUSE_DUE_TASK = 'subscriptions-unpause-due';
export const LEDGER_AUDIT_TASK = 'wallet-ledger-audit';

/**
 * Every minute, subscriptions whose pause days are over are unpaused by the same statement as a
 * manual unpause. Every hour the ledger is audited; a failure is logged as an error (the one place
 * an operator learns that money and ledger disagree).
 */
export function scheduledTasks(deps: {
  management: Pick<SubscriptionManagementService, 'unpauseDue'>;
  wallet: Pick<WalletService, 'checkLedger'>;
  log: { error(details: object, message: string): void };
}): ScheduledTask[] {
  return [
    {
      name: UNPAUSE_DUE_TASK,
      cron: '* * * * *',
      run: async () => ({ unpaused: await deps.management.unpauseDue() }),
    },
    {
      name: LEDGER_AUDIT_TASK,
      cron: '17 * * * *',
      run: async () => {
        const report = await deps.wallet.checkLedger();
        if (!report.ok) deps.log.error({ report }, 'ledger check failed: balances and ledger disagree');
        return { ok: report.ok, journals: report.journals, postings: report.postings };
      },
    },
  ];
}
