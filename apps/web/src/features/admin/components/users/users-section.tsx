import type { AdminUserResponse } from '@ember/contracts/admin-users';
import { NO_USER_SELECTED_MESSAGE } from '@ember/contracts/admin-users';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DisplayName } from '../../../../components/display-name/display-name.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { buttonColumn, DateTimeCell } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import pill from '../../../../components/ui/pill/pill.module.css';
import { SearchBox } from '../../../../components/ui/search-box/search-box.tsx';
import { StatusBadge } from '../../../../components/ui/status-badge/status-badge.tsx';
import { formatCredits } from '../../../../lib/format/money.ts';
import { notify } from '../../../../lib/toast/notify.ts';
import { useAdminUsers } from '../../api/admin-users-list.ts';
import { AddVipDialog } from './add-vip-dialog.tsx';
import { UserPanel } from './user-panel.tsx';
import { userName, userStanding } from './user-status.ts';
import styles from './users.module.css';

/** The URL parameter of the search text (the shell's top search box sets it too). */
const SEARCH_PARAM = 'q';

/**
 * /admin?section=users: every account, newest first, searchable by id, Discord id or username
 * (`?q=`), paged. A row's Manage button (or picking it and Manage) opens the user's panel: ban,
 * edit, VIP, transfer, sessions and subscriptions.
 */
export default function UsersSection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM) ?? '';
  const [paging, setPaging] = usePageParams({});
  const [selected, setSelected] = useState<AdminUserResponse | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [vipOpen, setVipOpen] = useState(false);
  // A new search (here or from the shell's top box) starts at the first page.
  const [searched, setSearched] = useState(search);
  if (searched !== search) {
    setSearched(search);
    setPaging((current) => ({ ...current, page: 0 }));
  }
  const users = useAdminUsers({ ...paging, search });

  const onSearch = useCallback(
    (text: string) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text) next.set(SEARCH_PARAM, text);
          else next.delete(SEARCH_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  function manage(user: AdminUserResponse) {
    setSelected(user);
    setPanelOpen(true);
  }

  /** Toolbar actions act on the picked row; without one they say so (spec §5). */
  function withSelection(action: () => void) {
    if (!selected) {
      void notify.error(NO_USER_SELECTED_MESSAGE);
      return;
    }
    action();
  }

  const columns: DataTableColumn<AdminUserResponse>[] = [
    {
      id: 'select',
      header: 'Pick',
      cell: (user) => (
        <input
          type="radio"
          name="admin-users-selected"
          className={styles.pick}
          checked={selected?.id === user.id}
          onChange={() => setSelected(user)}
          aria-label={`Pick ${user.username}`}
        />
      ),
    },
    {
      id: 'user',
      header: 'User (ID)',
      rowHeader: true,
      cell: (user) => (
        <span className={styles.who}>
          <DisplayName user={{ displayName: user.displayName || user.username, vip: user.vip }} />
          <span className={styles.subtle}>
            {user.displayName && user.displayName !== user.username ? `${user.username} \u00b7 ` : ''}
            <span className={styles.mono}>#{user.id}</span>
          </span>
        </span>
      ),
    },
    {
      id: 'discordId',
      header: 'Discord ID',
      cell: (user) => <span className={styles.mono}>{user.discordId}</span>,
    },
    {
      id: 'roles',
      header: 'Roles',
      cell: (user) => (
        <span className={styles.roles}>
          {user.roles.map((role) => (
            <span key={role} className={pill.word}>
              {role}
            </span>
          ))}
        </span>
      ),
    },
    { id: 'balance', header: 'Balance', align: 'end', cell: (user) => formatCredits(user.balance) },
    { id: 'earnings', header: 'Earnings', align: 'end', cell: (user) => formatCredits(user.earnings) },
    {
      id: 'vipUntil',
      header: 'VIP until',
      cell: (user) =>
        user.vipUntil ? (
          <DateTimeCell iso={user.vipUntil} className={styles.small} />
        ) : (
          <span className={styles.subtle}>None</span>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => {
        const standing = userStanding(user);
        return (
          <StatusBadge tone={standing.tone} status={standing.status}>
            {standing.label}
          </StatusBadge>
        );
      },
    },
    buttonColumn('actions', 'Actions', {
      text: 'Manage',
      onClick: manage,
      label: (user) => `Manage ${userName(user)}`,
    }),
  ];

  return (
    <Card
      title="Users"
      actions={
        <span className={styles.toolbarActions}>
          <Button size="sm" variant="secondary" onClick={() => withSelection(() => setVipOpen(true))}>
            Add VIP
          </Button>
          <Button size="sm" onClick={() => withSelection(() => setPanelOpen(true))}>
            Manage
          </Button>
        </span>
      }
    >
      <p className={styles.intro}>
        Every account, newest first. Pick a row for the toolbar, or Manage a user to ban, edit, add VIP,
        transfer, and handle their sessions and subscriptions.
      </p>
      <div className={styles.toolbar}>
        <SearchBox
          value={search}
          label="Search users"
          placeholder="Discord id, username or id"
          onSearch={onSearch}
        />
        <output className={styles.selection} aria-live="polite">
          {selected ? `Picked: ${userName(selected)} #${selected.id}` : 'No user picked'}
        </output>
      </div>
      <QueryTable
        query={users}
        what="the users"
        params={paging}
        setParams={setPaging}
        label="Users"
        columns={columns}
        getRowKey={(user) => user.id}
        empty={
          <span className={styles.subtle}>
            {search ? `No user matches \u201c${search}\u201d.` : 'No accounts yet.'}
          </span>
        }
      />
      {selected && panelOpen ? <UserPanel initial={selected} onClose={() => setPanelOpen(false)} /> : null}
      {selected && vipOpen ? <AddVipDialog user={selected} onClose={() => setVipOpen(false)} /> : null}
    </Card>
  );
}
