import { NOTIFICATIONS_PAGE_SIZE, type NotificationResponse } from '@ember/contracts/notifications';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/page/page.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import { StatusBadge } from '../../../components/ui/status-badge/status-badge.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden/visually-hidden.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { type NotificationsParams, useNotifications } from '../api/get-notifications.ts';
import { useMarkRead } from '../api/mark-read.ts';
import styles from './notifications-page.module.css';

const columns: DataTableColumn<NotificationResponse>[] = [
  {
    id: 'title',
    header: 'Notification',
    rowHeader: true,
    cell: (row) => (
      <div className={styles.what}>
        <span className={styles.title}>
          {row.readAt === null ? (
            <StatusBadge tone="info" status="new">
              New
            </StatusBadge>
          ) : null}{' '}
          {row.title}
        </span>
        {row.message ? <q className={styles.message}>{row.message}</q> : null}
      </div>
    ),
  },
  {
    id: 'createdAt',
    header: 'When',
    cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
  },
  {
    id: 'link',
    header: 'Where to act',
    cell: (row) => (
      <Link className={styles.link} to={row.link}>
        Open
        <VisuallyHidden>: {row.title}</VisuallyHidden>
      </Link>
    ),
  },
];

/** /notifications: what happened to the account, newest first; what the page shows is marked read. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [params, setParams] = useState<NotificationsParams>({ page: 0, size: NOTIFICATIONS_PAGE_SIZE });
  const list = useNotifications(params);
  const markRead = useMarkRead();
  const { mutate } = markRead;

  // Seen once shown: the unread ones on the page are marked read (their "New" stays until the next read).
  useEffect(() => {
    const unseen = list.data?.content.filter((row) => row.readAt === null).map((row) => row.id) ?? [];
    if (!list.isPlaceholderData && unseen.length > 0) mutate(unseen);
  }, [list.data, list.isPlaceholderData, mutate]);

  return (
    <Page
      title="Notifications"
      description="Gifts, completed trades, subscriptions about to end, payouts and repository updates, newest first."
    >
      <Card>
        <QueryTable
          query={list}
          what="your notifications"
          params={params}
          setParams={setParams}
          label="Notifications"
          columns={columns}
          getRowKey={(row) => String(row.id)}
          empty={
            <span className={styles.muted}>Nothing has happened yet. Gifts and updates will show here.</span>
          }
        />
      </Card>
    </Page>
  );
}
