import { type AccessList, type AccessListEntryResponse, accessListAddQuery } from '@ember/contracts/catalog';
import { useState } from 'react';
import type { z } from 'zod';
import { Form } from '../form/form.tsx';
import formStyles from '../form/form-layout.module.css';
import { FormTextField } from '../form/form-text-field.tsx';
import { useContractForm } from '../form/use-contract-form.ts';
import { Button } from '../ui/button/button.tsx';
import { Card } from '../ui/card/card.tsx';
import { buttonColumn, nameColumn } from '../ui/data-table/columns.tsx';
import type { DataTableColumn } from '../ui/data-table/data-table.tsx';
import { QueryTable } from '../ui/data-table/query-table.tsx';
import { Modal } from '../ui/modal/modal.tsx';
import styles from './access-list-card.module.css';
import { type AccessListOwner, useAccessList, useChangeAccessList } from './access-lists.ts';

type AddInput = z.input<typeof accessListAddQuery>;

const TITLES: Record<AccessList, string> = { whitelist: 'Whitelist', blacklist: 'Blacklist' };
const EXPLAINED: Record<AccessList, string> = {
  whitelist: 'Only these users may buy while the list has anyone on it.',
  blacklist: 'These users may not buy.',
};

interface AccessListCardProps {
  owner: AccessListOwner;
  list: AccessList;
}

/**
 * A plan's or price's whitelist or blacklist: how many are on it, a 'Users Discord ID' box with
 * Add ('Please enter a discord id'), and Manage (a table of Discord ID, Username and delete).
 */
export function AccessListCard({ owner, list }: AccessListCardProps) {
  const entries = useAccessList(owner, list);
  const { add, remove } = useChangeAccessList(owner, list);
  const form = useContractForm(accessListAddQuery, { defaultValues: { discordId: '' } });
  const [managing, setManaging] = useState(false);
  const title = TITLES[list];
  const count = entries.data?.length;

  const columns: DataTableColumn<AccessListEntryResponse>[] = [
    nameColumn(
      'discordId',
      'Discord ID',
      (entry) => entry.discordId,
      (entry) => <span className={styles.mono}>{entry.discordId}</span>,
    ),
    {
      id: 'username',
      header: 'Username',
      sortValue: (entry) => entry.username,
      cell: (entry) => entry.username,
    },
    buttonColumn('delete', 'Delete', {
      variant: 'danger',
      loading: (entry) => remove.isPending && remove.variables === entry.userId,
      onClick: (entry) => remove.mutate(entry.userId),
      label: (entry) => `Remove ${entry.username} from the ${list}`,
    }),
  ];

  return (
    <Card
      title={title}
      headingLevel={2}
      action={{ text: 'Manage', onClick: () => setManaging(true), variant: 'secondary' }}
    >
      <p className={styles.count}>
        <span className={styles.number} data-testid={`${owner.level}-${list}-count`}>
          {count ?? '…'}
        </span>{' '}
        {count === 1 ? 'user' : 'users'}. {EXPLAINED[list]}
      </p>
      <Form
        form={form}
        className={formStyles.inline}
        aria-label={`Add to the ${list}`}
        onSubmit={async ({ discordId }) => {
          await add.mutateAsync(discordId);
          form.reset({ discordId: '' });
        }}
      >
        <FormTextField<AddInput>
          name="discordId"
          label={`Add to the ${list}`}
          placeholder="Users Discord ID"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          mono
          maxLength={32}
        />
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Add
        </Button>
      </Form>
      <Modal
        open={managing}
        onClose={() => setManaging(false)}
        title={`Manage ${title.toLowerCase()}`}
        size="large"
      >
        <QueryTable
          query={entries}
          what={`the ${list}`}
          label={title}
          columns={columns}
          getRowKey={(entry) => entry.id}
          empty={`Nobody is on the ${list}.`}
        />
      </Modal>
    </Card>
  );
}
