import { SUBSCRIPTION_SORT_KEYS, type SubscriptionResponse } from '@ember/contracts/subscriptions';
import { useState } from 'react';
import { DownloadIcon } from '../../../../components/icons/icons.tsx';
import { SubscriptionStatusBadge } from '../../../../components/subscription-status-badge/subscription-status-badge.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { buttonsColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageFilter, usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import { SearchBox } from '../../../../components/ui/search-box/search-box.tsx';
import { formatLongDateTimeWithZone } from '../../../../lib/format/dates.ts';
import { creditsLabel } from '../../../../lib/format/money.ts';
import { useExportSubscribers } from '../api/export-subscribers.ts';
import { type PriceSubscriptionsParams, usePriceSubscriptions } from '../api/get-price-subscriptions.ts';
import { useDeleteSubscription } from '../api/manage-subscription.ts';
import { DELETE_SUBSCRIPTION_QUESTION } from '../utils/messages.ts';
import styles from './price-subscriptions-card.module.css';
import { RefundDialog } from './refund-dialog.tsx';

interface PriceSubscriptionsCardProps {
  priceId: number;
  /** Ticked subscribers, for Time Management. */
  selected: ReadonlySet<number>;
  onSelectedChange: (next: Set<number>) => void;
}

/**
 * Spec §2 Subscriptions table: newest purchase first, sortable by Discord ID, username and
 * purchase date, long dates with the time zone, Refund (amount defaults to what was paid) and
 * Delete after 'Are you sure you want to delete this subscription?'. Ticks pick subscribers for
 * Time Management; Export CSV saves every subscriber.
 */
export function PriceSubscriptionsCard({ priceId, selected, onSelectedChange }: PriceSubscriptionsCardProps) {
  const [params, setParams] = usePageParams<PriceSubscriptionsParams>({
    priceId,
    sort: { key: 'purchaseDate', order: 'desc' },
    search: '',
  });
  const onSearch = usePageFilter(setParams, 'search');
  const subscriptions = usePriceSubscriptions(params);
  const remove = useDeleteSubscription();
  const exportCsv = useExportSubscribers(priceId);
  const [refunding, setRefunding] = useState<SubscriptionResponse | null>(null);
  const [deleting, setDeleting] = useState<SubscriptionResponse | null>(null);

  function toggle(id: number) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  }

  const columns: DataTableColumn<SubscriptionResponse>[] = [
    {
      id: 'select',
      header: 'Select',
      cell: (sub) => (
        <input
          type="checkbox"
          className={styles.check}
          checked={selected.has(sub.id)}
          onChange={() => toggle(sub.id)}
          aria-label={`Select ${sub.user.username}`}
        />
      ),
    },
    {
      id: 'user.discordId',
      header: 'Discord ID',
      sortable: true,
      cell: (sub) => <span className={styles.mono}>{sub.user.discordId}</span>,
    },
    {
      id: 'user.username',
      header: 'Username',
      sortable: true,
      rowHeader: true,
      cell: (sub) => sub.user.username,
    },
    {
      id: 'purchaseDate',
      header: 'Purchased',
      sortable: true,
      firstSortDirection: 'desc',
      cell: (sub) => <time dateTime={sub.purchaseDate}>{formatLongDateTimeWithZone(sub.purchaseDate)}</time>,
    },
    {
      id: 'expireDate',
      header: 'Expires',
      cell: (sub) =>
        sub.expireDate ? (
          <time dateTime={sub.expireDate}>{formatLongDateTimeWithZone(sub.expireDate)}</time>
        ) : (
          'Never'
        ),
    },
    { id: 'paid', header: 'Paid', align: 'end', cell: (sub) => creditsLabel(sub.purchasePrice) },
    {
      id: 'status',
      header: 'Status',
      cell: (sub) => <SubscriptionStatusBadge status={sub.status} />,
    },
    buttonsColumn('actions', 'Actions', styles.actions, {
      refund: {
        text: 'Refund',
        disabled: (sub) => sub.status === 'Refunded',
        onClick: setRefunding,
        label: (sub) => `Refund ${sub.user.username}`,
      },
      delete: {
        text: 'Delete',
        variant: 'danger',
        onClick: setDeleting,
        label: (sub) => `Delete ${sub.user.username}'s subscription`,
      },
    }),
  ];

  return (
    <Card
      title="Subscriptions"
      actions={
        <Button
          size="sm"
          variant="secondary"
          icon={<DownloadIcon size={16} />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
        >
          Export CSV
        </Button>
      }
    >
      {selected.size > 0 ? (
        <p className={styles.selection}>
          {selected.size} selected for Time Management.{' '}
          <button type="button" className={styles.clear} onClick={() => onSelectedChange(new Set())}>
            Clear
          </button>
        </p>
      ) : null}
      <div className={styles.toolbar}>
        <SearchBox
          value={params.search}
          label="Search subscribers"
          placeholder="Username, display name or Discord ID"
          onSearch={onSearch}
        />
      </div>
      <QueryTable
        query={subscriptions}
        what="the subscriptions"
        params={params}
        setParams={setParams}
        label="Subscriptions"
        columns={columns}
        getRowKey={(sub) => sub.id}
        empty={
          params.search ? `No subscribers match “${params.search}”.` : 'Nobody has bought this price yet.'
        }
        sortKeys={SUBSCRIPTION_SORT_KEYS}
      />
      {refunding ? <RefundDialog subscription={refunding} onClose={() => setRefunding(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete subscription"
        message={DELETE_SUBSCRIPTION_QUESTION}
        confirmLabel="Delete"
        destructive
        confirming={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}
