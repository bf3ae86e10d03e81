import type { AdminRepositoryResponse } from '@ember/contracts/delivery';
import { Card } from '../../../../components/ui/card/card.tsx';
import { DateTimeCell } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageFilter, usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import { SearchBox } from '../../../../components/ui/search-box/search-box.tsx';
import { formatCount } from '../../../../lib/format/money.ts';
import { type AllRepositoriesParams, useAllRepositories } from '../../api/admin-repositories-list.ts';
import { RepoUpdateStatusBadge, withoutScheme } from './repo-update-status.tsx';
import styles from './repositories.module.css';

const columns: DataTableColumn<AdminRepositoryResponse>[] = [
  {
    id: 'url',
    header: 'Repository',
    rowHeader: true,
    cell: (repository) => (
      <span className={styles.url} title={repository.url}>
        {withoutScheme(repository.url)}
      </span>
    ),
  },
  {
    id: 'owner',
    header: 'Owner',
    cell: ({ owner }) => (
      <span className={styles.stacked}>
        {owner.displayName}
        <span className={styles.sub}>
          @{owner.username} · #{owner.id}
        </span>
      </span>
    ),
  },
  { id: 'obfuscation', header: 'Obfuscation', cell: (repository) => repository.obfuscation },
  {
    id: 'plugins',
    header: 'Plugins',
    align: 'end',
    cell: (repository) => formatCount(repository.pluginCount),
  },
  {
    id: 'lastUpdate',
    header: 'Last update',
    cell: ({ lastUpdate }) =>
      lastUpdate ? (
        <span className={styles.stacked}>
          <span className={styles.inline}>
            <RepoUpdateStatusBadge status={lastUpdate.status} />
            <DateTimeCell iso={lastUpdate.createdAt} className={styles.sub} />
          </span>
          {lastUpdate.error ? <span className={styles.error}>{lastUpdate.error}</span> : null}
        </span>
      ) : (
        <span className={styles.sub}>Never updated</span>
      ),
  },
];

/** Every developer's repositories (admins): owner, URL, obfuscation and how the last update went. */
export function DeveloperRepositoriesCard() {
  const [params, setParams] = usePageParams<AllRepositoriesParams>({ search: '' });
  const repositories = useAllRepositories(params);
  const onSearch = usePageFilter(setParams, 'search');

  return (
    <Card title="Developer repositories">
      <div className={styles.toolbar}>
        <SearchBox
          value={params.search}
          label="Search repositories"
          placeholder="URL, owner name or Discord id"
          onSearch={onSearch}
        />
      </div>
      <QueryTable
        query={repositories}
        what="the repositories"
        params={params}
        setParams={setParams}
        label="Developer repositories"
        columns={columns}
        getRowKey={(repository) => repository.id}
        busyWhileFetching
        empty={
          params.search
            ? `No repositories match “${params.search}”.`
            : 'No developer has added a repository yet.'
        }
      />
    </Card>
  );
}
