import type { PluginLinkResponse } from '@ember/contracts/delivery';
import { useMemo, useState } from 'react';
import { Card } from '../../../../components/ui/card/card.tsx';
import { buttonColumn, nameColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { sessionLimitLabel } from '../../../../lib/format/session-limits.ts';
import stack from '../../../../styles/stack.module.css';
import { useChangePluginLinks, usePluginLinks } from '../api/plugin-links.ts';
import { AttachPluginDialog } from './attach-plugin-dialog.tsx';
import styles from './attached-plugins-card.module.css';

/** Spec §2 Attach Plugin and Attached Plugins: the plugins this price gives, with unlink. */
export function AttachedPluginsCard({ priceId }: { priceId: number }) {
  const links = usePluginLinks(priceId);
  const { unlink } = useChangePluginLinks(priceId);
  const [attaching, setAttaching] = useState(false);
  const attachedIds = useMemo(() => new Set(links.data?.map((link) => link.pluginId)), [links.data]);

  const columns: DataTableColumn<PluginLinkResponse>[] = [
    nameColumn(
      'name',
      'Plugin',
      (link) => link.name,
      (link) => (
        <span className={stack.gap1}>
          {link.name}
          <span className={styles.description}>{link.description}</span>
        </span>
      ),
    ),
    {
      id: 'repository',
      header: 'Repository',
      cell: (link) => <span className={styles.repo}>{link.repoUrl.replace(/^https:\/\//, '')}</span>,
    },
    {
      id: 'sessions',
      header: 'Session limit',
      align: 'end',
      sortValue: (link) => link.sessionLimit,
      cell: (link) => sessionLimitLabel(link.sessionLimit),
    },
    buttonColumn('unlink', 'Unlink', {
      variant: 'danger',
      loading: (link) => unlink.isPending && unlink.variables === link.id,
      onClick: (link) => unlink.mutate(link.id),
      label: (link) => `Unlink ${link.name}`,
    }),
  ];

  return (
    <Card title="Attached Plugins" action={{ text: 'Attach plugin', onClick: () => setAttaching(true) }}>
      <QueryTable
        query={links}
        what="the attached plugins"
        label="Attached plugins"
        columns={columns}
        getRowKey={(link) => link.id}
        empty="No plugins attached. Subscribers of this price get the plugins you attach."
      />
      <AttachPluginDialog
        priceId={priceId}
        attachedPluginIds={attachedIds}
        open={attaching}
        onClose={() => setAttaching(false)}
      />
    </Card>
  );
}
