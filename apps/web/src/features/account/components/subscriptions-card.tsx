import {
  currentPause,
  type SubscriptionResponse,
  subscriptionActions,
  subscriptionStatus,
} from '@ember/contracts/subscriptions';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CalendarPlusIcon, PauseIcon, PlayIcon } from '../../../components/icons/icons.tsx';
import { SubscriptionStatusBadge } from '../../../components/subscription-status-badge/subscription-status-badge.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import {
  actionsColumn,
  DateTimeCell,
  dateTimeColumn,
  nameColumn,
  RowButton,
} from '../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLongDate } from '../../../lib/format/dates.ts';
import { creditsLabel } from '../../../lib/format/money.ts';
import { useMySubscriptions } from '../../../lib/subscriptions/my-subscriptions.ts';
import { useExtendSubscription } from '../api/extend-subscription.ts';
import { usePauseSubscription } from '../api/pause-subscription.ts';
import { useUnpauseSubscription } from '../api/unpause-subscription.ts';
import { confirmationOf, type SubscriptionAction, subscriptionName } from '../utils/subscription-display.ts';
import styles from './subscriptions-card.module.css';

const STATUS_ORDER = { Active: 0, Paused: 1, Expired: 2, Refunded: 3 } as const;

/** When the subscription ends: while paused, the expire date the pause moves it to. */
function endOf(sub: SubscriptionResponse): string | null {
  return currentPause(sub)?.endsAt?.toISOString() ?? sub.expireDate;
}

const ACTION_BUTTONS: ReadonlyArray<{
  action: SubscriptionAction;
  label: string;
  icon: typeof PauseIcon;
}> = [
  { action: 'extend', label: 'Extend', icon: CalendarPlusIcon },
  { action: 'pause', label: 'Pause', icon: PauseIcon },
  { action: 'unpause', label: 'Unpause', icon: PlayIcon },
];

function columnsOf(
  now: Date,
  ask: (action: SubscriptionAction, sub: SubscriptionResponse) => void,
): DataTableColumn<SubscriptionResponse>[] {
  return [
    nameColumn(
      'plan',
      'Plan',
      (sub) => sub.planName,
      (sub) => (
        <span className={styles.plan}>
          <Link to={paths.plan.getHref(sub.planId)} className={styles.planLink}>
            {sub.planName}
          </Link>
          {sub.giftedBy ? <span className={styles.gift}>Gift from {sub.giftedBy.username}</span> : null}
        </span>
      ),
    ),
    { id: 'option', header: 'Option', sortValue: (sub) => sub.priceName, cell: (sub) => sub.priceName },
    {
      id: 'status',
      header: 'Status',
      sortValue: (sub) => STATUS_ORDER[subscriptionStatus(sub, now)],
      cell: (sub) => {
        const pause = currentPause(sub);
        return (
          <span className={styles.status}>
            <SubscriptionStatusBadge status={subscriptionStatus(sub, now)} />
            {pause ? (
              <span className={styles.pausedUntil}>
                {' until '}
                <time dateTime={pause.until.toISOString()}>{formatLongDate(pause.until)}</time>
              </span>
            ) : null}
          </span>
        );
      },
    },
    dateTimeColumn({
      id: 'purchased',
      header: 'Purchased',
      value: (sub) => sub.purchaseDate,
      sort: 'browser',
    }),
    {
      id: 'expires',
      header: 'Expires',
      firstSortDirection: 'desc',
      // Lifetime never ends: it sorts after every date.
      sortValue: (sub) => {
        const end = endOf(sub);
        return end ? Date.parse(end) : Number.POSITIVE_INFINITY;
      },
      cell: (sub) => {
        const end = endOf(sub);
        return end ? <DateTimeCell iso={end} /> : <span className={styles.never}>Never</span>;
      },
    },
    {
      id: 'paid',
      header: 'Paid',
      align: 'end',
      sortValue: (sub) => sub.purchasePrice,
      cell: (sub) => creditsLabel(sub.purchasePrice),
    },
    actionsColumn('actions', 'Actions', (sub) => {
      const offered = subscriptionActions(sub, now);
      const buttons = ACTION_BUTTONS.filter(({ action }) => offered[action]);
      if (buttons.length === 0) return null;
      return (
        <span className={styles.actions}>
          {buttons.map(({ action, label, icon: Icon }) => (
            <RowButton
              key={action}
              row={sub}
              spec={{
                text: label,
                icon: <Icon size={15} />,
                onClick: (picked) => ask(action, picked),
                label: (picked) => `${label} ${subscriptionName(picked)}`,
              }}
            />
          ))}
        </span>
      );
    }),
  ];
}

interface Asking {
  action: SubscriptionAction;
  sub: SubscriptionResponse;
  /** When it was asked: a pause's dates count from then. */
  at: Date;
}

/** Spec §2/§4: every subscription with its status, and Extend / Pause / Unpause where they apply. */
export function SubscriptionsCard() {
  const subscriptions = useMySubscriptions();
  const extend = useExtendSubscription();
  const pause = usePauseSubscription();
  const unpause = useUnpauseSubscription();
  const [asking, setAsking] = useState<Asking | null>(null);
  const { dataUpdatedAt } = subscriptions;
  // Status and actions are read at the time of the last answer (and re-read with every refetch).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the clock is read again when the data changes.
  const now = useMemo(() => new Date(), [dataUpdatedAt]);
  const columns = useMemo(
    () => columnsOf(now, (action, sub) => setAsking({ action, sub, at: new Date() })),
    [now],
  );

  const mutation = asking ? { extend, pause, unpause }[asking.action] : null;
  const confirmation = asking ? confirmationOf(asking.action, asking.sub, asking.at) : null;

  function confirm() {
    if (!asking || !mutation || mutation.isPending) return;
    mutation.mutate(asking.sub.id, { onSettled: () => setAsking(null) });
  }

  return (
    <Card title="Subscriptions">
      <QueryTable
        query={subscriptions}
        what="your subscriptions"
        label="Subscriptions"
        columns={columns}
        getRowKey={(sub) => sub.id}
        defaultSort={{ columnId: 'purchased', direction: 'desc' }}
        empty={
          <span className={styles.empty}>
            You have no subscriptions yet.{' '}
            <Link to={paths.shop.getHref()} className={styles.emptyLink}>
              Browse plugins
            </Link>
          </span>
        }
      />
      <ConfirmDialog
        open={asking !== null}
        title={confirmation?.title ?? ''}
        message={confirmation?.message ?? ''}
        confirmLabel={confirmation?.confirmLabel}
        confirming={mutation?.isPending ?? false}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}
