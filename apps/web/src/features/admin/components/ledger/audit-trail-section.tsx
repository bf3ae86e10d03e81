import { AUDIT_TARGET_KINDS, type AuditEventResponse, auditEventsQuery } from '@ember/contracts/audit';
import { TABLE_DEFAULT_PAGE_SIZE } from '@ember/contracts/constants';
import { useCallback, useMemo, useState } from 'react';
import { Card } from '../../../../components/ui/card/card.tsx';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { serverPaging } from '../../../../components/ui/data-table/server-table.ts';
import { LoadError } from '../../../../components/ui/load-error/load-error.tsx';
import { visuallyHiddenClass } from '../../../../components/visually-hidden/visually-hidden.tsx';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import { type AuditEventsParams, useAuditEvents } from '../../api/admin-ledger-audit-events.ts';
import { ChangeDiff } from './change-diff.tsx';
import styles from './ledger.module.css';
import { FilterSelect, FilterText, fieldError } from './ledger-filters.tsx';
import { targetKindLabel } from './reference-labels.ts';

const TARGET_KIND_OPTIONS = AUDIT_TARGET_KINDS.map((kind) => ({ value: kind, label: targetKindLabel(kind) }));

const targetOf = (event: AuditEventResponse) => `${targetKindLabel(event.targetKind)} #${event.targetId}`;

const columns: DataTableColumn<AuditEventResponse>[] = [
  {
    id: 'when',
    header: 'When',
    cell: (event) => (
      <time dateTime={event.createdAt} className={styles.nowrap}>
        {formatDateTime(event.createdAt)}
      </time>
    ),
  },
  {
    id: 'actor',
    header: 'Actor',
    cell: (event) => (
      <span className={styles.who}>
        <span>
          {event.actor ? event.actor.displayName || event.actor.username : 'System'}
          {event.actor ? <span className={`${styles.mono} ${styles.subtle}`}> #{event.actor.id}</span> : null}
        </span>
        <span className={styles.subtle}>{event.actorRole}</span>
      </span>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    rowHeader: true,
    cell: (event) => <span className={styles.mono}>{event.action}</span>,
  },
  {
    id: 'target',
    header: 'Target',
    cell: (event) => <span className={styles.nowrap}>{targetOf(event)}</span>,
  },
  {
    id: 'changes',
    header: 'Changes',
    hideLabelWhenStacked: true,
    cell: (event) => <ChangeDiff before={event.before} after={event.after} />,
  },
];

type Filters = Pick<AuditEventsParams, 'actorId' | 'targetKind' | 'targetId' | 'action'>;

/**
 * /admin?section=audit-trail: every recorded staff action, newest first, filtered by who acted, on
 * what and which action; each with the fields it changed, before and after.
 */
export default function AuditTrailSection() {
  const [filters, setFilters] = useState<Filters>({ actorId: '', targetKind: '', targetId: '', action: '' });
  const [paging, setPaging] = useState({ page: 0, size: TABLE_DEFAULT_PAGE_SIZE });

  // The filters are checked with the server's own contract; an invalid one is shown, not sent.
  const issues = useMemo(() => {
    const parsed = auditEventsQuery.safeParse(filters);
    return parsed.success ? [] : parsed.error.issues;
  }, [filters]);
  const [sent, setSent] = useState<Filters>(filters);
  if (issues.length === 0 && sent !== filters) setSent(filters);

  const events = useAuditEvents({ ...paging, ...sent });
  const setFilter = useCallback(<K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPaging((current) => ({ ...current, page: 0 }));
  }, []);
  const onActorId = useCallback((text: string) => setFilter('actorId', text), [setFilter]);
  const onTargetId = useCallback((text: string) => setFilter('targetId', text), [setFilter]);
  const onAction = useCallback((text: string) => setFilter('action', text), [setFilter]);
  const filtered = Object.values(sent).some((value) => value !== '');

  return (
    <Card title="Audit trail">
      <p className={styles.intro}>
        Every staff action and every movement of money other than a purchase, newest first, with what it
        changed.
      </p>
      <fieldset className={styles.toolbar}>
        <legend className={visuallyHiddenClass}>Filter the audit trail</legend>
        <FilterText
          label="Actor ID"
          value={filters.actorId}
          onChange={onActorId}
          placeholder="User id, like 3"
          inputMode="numeric"
          error={fieldError(issues, 'actorId')}
        />
        <FilterSelect
          label="Target"
          value={filters.targetKind}
          anyLabel="Any target"
          options={TARGET_KIND_OPTIONS}
          onChange={(kind) => {
            setFilter('targetKind', kind);
            // An id means nothing without its kind.
            if (kind === '') setFilter('targetId', '');
          }}
        />
        <FilterText
          label="Target ID"
          value={filters.targetId}
          onChange={onTargetId}
          placeholder="11"
          hint={filters.targetKind ? undefined : 'Choose a target first.'}
          disabled={filters.targetKind === ''}
          error={fieldError(issues, 'targetId')}
        />
        <FilterText
          label="Action"
          value={filters.action}
          onChange={onAction}
          placeholder="user:ban"
          error={fieldError(issues, 'action')}
        />
      </fieldset>
      {events.isError && !events.data ? (
        <LoadError
          what="the audit trail"
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      ) : (
        <DataTable
          label="Audit trail"
          columns={columns}
          rows={events.data?.content}
          getRowKey={(event) => event.id}
          loading={events.isPending || events.isPlaceholderData}
          empty={
            <span className={styles.none}>
              {filtered ? 'No audit events match these filters.' : 'No staff action recorded yet.'}
            </span>
          }
          paging={serverPaging(paging, setPaging, events.data?.totalPages)}
        />
      )}
    </Card>
  );
}
