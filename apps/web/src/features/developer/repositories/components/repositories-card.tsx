import type { RepositoryResponse } from '@ember/contracts/delivery';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../../components/ui/card/card.tsx';
import { nameColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { paths } from '../../../../config/paths.ts';
import { formatCount } from '../../../../lib/format/money.ts';
import { useRepositories } from '../../../../lib/repositories/get-repositories.ts';
import { AddRepositoryDialog } from './add-repository-dialog.tsx';
import styles from './repositories-card.module.css';

const columns: DataTableColumn<RepositoryResponse>[] = [
  nameColumn(
    'url',
    'Repository',
    (repo) => repo.url,
    (repo) => (
      <Link to={paths.developerRepository.getHref(repo.id)} className={styles.url}>
        {repo.url.replace(/^https:\/\//, '')}
      </Link>
    ),
  ),
  {
    id: 'obfuscation',
    header: 'Obfuscation',
    sortValue: (repo) => repo.obfuscation,
    cell: (repo) => repo.obfuscation,
  },
  {
    id: 'client',
    header: 'Client',
    sortValue: (repo) => repo.storm2,
    cell: (repo) => (repo.storm2 ? 'Second generation' : 'Classic'),
  },
  {
    id: 'plugins',
    header: 'Plugins',
    align: 'end',
    sortValue: (repo) => repo.pluginCount,
    cell: (repo) => formatCount(repo.pluginCount),
  },
];

/** Spec §2: the developer's repositories and Add repository. */
export function RepositoriesCard() {
  const repositories = useRepositories();
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title="Repositories"
      action={{ text: 'Add repository', onClick: () => setAdding(true), variant: 'secondary' }}
    >
      <QueryTable
        query={repositories}
        what="your repositories"
        label="Repositories"
        columns={columns}
        getRowKey={(repo) => repo.id}
        empty="No repositories yet. Add the git repository your plugins are built from."
      />
      <AddRepositoryDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
