import { PLUGIN_ATTACH_PAGE_SIZE } from '@ember/contracts/constants';
import type { PluginResponse } from '@ember/contracts/delivery';
import { useState } from 'react';
import { Card } from '../../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { buttonsColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePluginsOfRepository } from '../../../../lib/repositories/get-plugins-of-repository.ts';
import { useChangePlugin } from '../api/change-plugin.ts';
import { EditPluginDialog } from './edit-plugin-dialog.tsx';
import styles from './repository-plugins-card.module.css';

/** Spec §2: the repository's plugins, 100 a page, with Edit (description) and Delete. */
export function RepositoryPluginsCard({ repositoryId }: { repositoryId: number }) {
  const [params, setParams] = useState({ page: 0, size: PLUGIN_ATTACH_PAGE_SIZE });
  const plugins = usePluginsOfRepository(repositoryId, params.page);
  const { update, remove } = useChangePlugin();
  const [editing, setEditing] = useState<PluginResponse | null>(null);
  const [deleting, setDeleting] = useState<PluginResponse | null>(null);

  const columns: DataTableColumn<PluginResponse>[] = [
    { id: 'name', header: 'Plugin', rowHeader: true, cell: (plugin) => plugin.name },
    {
      id: 'version',
      header: 'Version',
      cell: (plugin) => <span className={styles.version}>{plugin.version}</span>,
    },
    {
      id: 'description',
      header: 'Description',
      cell: (plugin) =>
        plugin.description ? (
          <span className={styles.description}>{plugin.description}</span>
        ) : (
          <span className={styles.none}>No description</span>
        ),
    },
    buttonsColumn('actions', 'Actions', styles.actions, {
      edit: { text: 'Edit', onClick: setEditing, label: (plugin) => `Edit ${plugin.name}` },
      delete: {
        text: 'Delete',
        variant: 'danger',
        loading: (plugin) => remove.isPending && remove.variables === plugin.id,
        onClick: setDeleting,
        label: (plugin) => `Delete ${plugin.name}`,
      },
    }),
  ];

  return (
    <Card title="Plugins">
      <QueryTable
        query={plugins}
        what="the plugins"
        params={params}
        setParams={setParams}
        label="Plugins"
        columns={columns}
        getRowKey={(plugin) => plugin.id}
        empty="No plugins yet. They appear once an update has read the repository's plugins.json."
        pageSizeOptions={[PLUGIN_ATTACH_PAGE_SIZE]}
      />
      {editing ? (
        <EditPluginDialog plugin={editing} update={update} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this plugin'}?`}
        message="It leaves the store with its versions. A plugin a price still grants cannot be deleted: unlink it first. The next update adds it again if the repository's plugins.json still lists it."
        confirmLabel="Delete plugin"
        destructive
        confirming={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Card>
  );
}
