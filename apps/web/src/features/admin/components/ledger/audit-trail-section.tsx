import { AUDIT_TARGET_KINDS, type AuditEventResponse, auditEventsQuery } from '@ember/contracts/audit';
import { AUDIT_ACTION_OPTIONS, targetKindLabel } from '@ember/contracts/audit-labels';
import { useCallback, useMemo, useState } from 'react';
import { Card } from '../../../../components/ui/card/card.tsx';
import { buttonColumn, dateTimeColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import { visuallyHiddenClass } from '../../../../components/visually-hidden/visually-hidden.tsx';
import { type AuditEventsParams, useAuditEvents } from '../../api/admin-ledger-audit-events.ts';
import { ActorPicker, type PickedActor } from './actor-picker.tsx';
import { AuditEventDialog } from './audit-event-dialog.tsx';
import styles from './ledger.module.css';
import { FilterDate, FilterSelect, FilterText, fieldError } from './ledger-filters.tsx';

const TARGET_KIND_OPTIONS = AUDIT_TARGET_KINDS.map((kind) => ({ value: kind, label: targetKindLabel(kind) }));

function columnsOf(open: (event: AuditEventResponse) => void): DataTableColumn<AuditEventResponse>[] {
  return [
    dateTimeColumn({
      id: 'when',
      header: 'When',
      value: (event) => event.createdAt,
      className: styles.nowrap,
    }),
    {
      id: 'actor',
      header: 'Actor',
      cell: (event) => (event.actor ? event.actor.displayName || event.actor.username : 'System'),
    },
    { id: 'event', header: 'Event', rowHeader: true, cell: (event) => event.label },
    buttonColumn('details', 'Details', { onClick: open, label: (event) => `Details of ${event.label}` }),
  ];
}

interface Filters {
  actor: PickedActor | null;
  action: string;
  targetKind: string;
  targetId: string;
  /** Dates as the date fields give them (YYYY-MM-DD, the admin's own days); '' for open. */
  fromDay: string;
  toDay: string;
}

/** A day of the admin's calendar, from its first instant (ISO); `after` days later. */
function dayStart(day: string, after = 0): string {
  if (day === '') return '';
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + after).toISOString();
}

/** What the server is asked: the range runs from the first day's start to the end of the last. */
function queryOf(filters: Filters): Omit<AuditEventsParams, 'page' | 'size'> {
  return {
    actorId: filters.actor ? String(filters.actor.id) : '',
    action: filters.action,
    targetKind: filters.targetKind,
    targetId: filters.targetId,
    from: dayStart(filters.fromDay),
    to: dayStart(filters.toDay, 1),
  };
}

const NO_FILTERS: Filters = { actor: null, action: '', targetKind: '', targetId: '', fromDay: '', toDay: '' };

/**
 * /admin?section=audit-trail: every recorded staff action, newest first, in words ('Confirmed
 * payout #6 to Ironbark'); filtered on the server by who acted (picked by name), the action, the
 * target and a range of days. An event's details show the raw record and what it changed.
 */
export default function AuditTrailSection() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [paging, setPaging] = usePageParams({});
  const [open, setOpen] = useState<AuditEventResponse | null>(null);

  // The filters are checked with the server's own contract; an invalid one is shown, not sent.
  const query = useMemo(() => queryOf(filters), [filters]);
  const issues = useMemo(() => {
    const parsed = auditEventsQuery.safeParse(query);
    return parsed.success ? [] : parsed.error.issues;
  }, [query]);
  const [sent, setSent] = useState(query);
  if (issues.length === 0 && sent !== query) setSent(query);

  const events = useAuditEvents({ ...paging, ...sent });
  const setFilter = useCallback(
    <K extends keyof Filters>(key: K, value: Filters[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPaging((current) => ({ ...current, page: 0 }));
    },
    [setPaging],
  );
  const onTargetId = useCallback((text: string) => setFilter('targetId', text), [setFilter]);
  const columns = useMemo(() => columnsOf(setOpen), []);
  const filtered = Object.values(sent).some((value) => value !== '');

  return (
    <Card title="Audit trail">
      <p className={styles.intro}>
        Every staff action and every movement of money other than a purchase, newest first. Open an event for
        what it changed.
      </p>
      <fieldset className={styles.toolbar}>
        <legend className={visuallyHiddenClass}>Filter the audit trail</legend>
        <ActorPicker picked={filters.actor} onPick={(actor) => setFilter('actor', actor)} />
        <FilterSelect
          label="Action"
          value={filters.action}
          anyLabel="Any action"
          options={AUDIT_ACTION_OPTIONS}
          onChange={(action) => setFilter('action', action)}
        />
        <FilterDate
          label="From"
          value={filters.fromDay}
          max={filters.toDay || undefined}
          onChange={(day) => setFilter('fromDay', day)}
        />
        <FilterDate
          label="To"
          value={filters.toDay}
          min={filters.fromDay || undefined}
          onChange={(day) => setFilter('toDay', day)}
          error={fieldError(issues, 'to')}
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
      </fieldset>
      <QueryTable
        query={events}
        what="the audit trail"
        params={paging}
        setParams={setPaging}
        label="Audit trail"
        columns={columns}
        getRowKey={(event) => event.id}
        empty={
          <span className={styles.none}>
            {filtered ? 'No audit events match these filters.' : 'No staff action recorded yet.'}
          </span>
        }
      />
      {open ? <AuditEventDialog event={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
