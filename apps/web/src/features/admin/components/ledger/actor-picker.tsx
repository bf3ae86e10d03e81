import type { AdminUserResponse } from '@ember/contracts/admin-users';
import { type KeyboardEvent, useCallback, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button/button.tsx';
import { useDebouncedSearch } from '../../../../components/ui/search-box/use-debounced-search.ts';
import { TextField } from '../../../../components/ui/text-field/text-field.tsx';
import { useAdminUsers } from '../../api/admin-users-list.ts';
import styles from './ledger.module.css';

/** How many accounts the picker offers at once. */
const SUGGESTIONS = 8;

/** The account the audit trail is filtered by. */
export interface PickedActor {
  id: number;
  name: string;
}

const nameOf = (user: AdminUserResponse) => user.displayName || user.username;

/**
 * Who acted, picked by name: a combobox (WAI-ARIA 1.2) that searches the accounts as the users
 * table does (the start of a username, an id or a Discord id) and offers the first few. Picking
 * one filters by its id; Clear filters by no one.
 */
export function ActorPicker({
  picked,
  onPick,
}: {
  picked: PickedActor | null;
  onPick: (actor: PickedActor | null) => void;
}) {
  const listId = useId();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setActive(0);
  }, []);
  const { text, setText } = useDebouncedSearch('', onSearch);
  const users = useAdminUsers({ page: 0, size: SUGGESTIONS, search });
  const options = search === '' ? [] : (users.data?.content ?? []);
  const expanded = open && search !== '' && text.trim() !== '';

  function pick(user: AdminUserResponse) {
    onPick({ id: user.id, name: nameOf(user) });
    setText('');
    setSearch('');
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + options.length) % options.length);
      }
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      const user = options[active];
      if (user) pick(user);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  if (picked) {
    return (
      <fieldset className={`${styles.actorPicker} ${styles.actorFieldset}`}>
        <legend className={styles.actorLabel}>Actor</legend>
        <div className={styles.actorPicked}>
          <span className={styles.actorName}>
            {picked.name} <span className={styles.actorId}>#{picked.id}</span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onPick(null)}
            aria-label={`Clear actor ${picked.name}`}
          >
            Clear
          </Button>
        </div>
      </fieldset>
    );
  }

  const activeId = expanded && options[active] ? `${listId}-${options[active].id}` : undefined;
  return (
    <div className={styles.actorPicker}>
      <TextField
        label="Actor"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={text}
        placeholder="Search by username"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <div id={listId} role="listbox" aria-label="Accounts" className={styles.actorList} hidden={!expanded}>
        {options.length === 0 ? (
          <p className={styles.actorEmpty}>{users.isFetching ? 'Searching...' : 'No account matches.'}</p>
        ) : (
          options.map((user, index) => (
            // Focus stays in the field (aria-activedescendant): an option is never tabbed to.
            <div
              key={user.id}
              id={`${listId}-${user.id}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={styles.actorOption}
              // Picking on mouse down keeps the input's blur from closing the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(user);
              }}
            >
              <span className={styles.actorName}>{nameOf(user)}</span>{' '}
              <span className={styles.actorId}>
                @{user.username} #{user.id}
              </span>
            </div>
          ))
        )}
      </div>
    </div>
  );
}
