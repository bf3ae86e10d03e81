import {
  type ApprovedRepoResponse,
  type ApproveRepoQuery,
  approveRepoQuery,
} from '@ember/contracts/repo-updates';
import { Form } from '../../../../components/form/form.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { dateTimeColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import {
  type ApprovalsPage,
  useApprovedRepos,
  useApproveRepo,
} from '../../api/admin-repositories-approvals.ts';
import styles from './repositories.module.css';

const EMPTY: ApproveRepoQuery = { owner: '', name: '', token: '' };

const columns: DataTableColumn<ApprovedRepoResponse>[] = [
  {
    id: 'repo',
    header: 'Repository',
    rowHeader: true,
    cell: (repo) => (
      <span className={styles.mono}>
        {repo.owner}/{repo.name}
      </span>
    ),
  },
  {
    id: 'url',
    header: 'URL',
    cell: (repo) => (
      <span className={styles.url} title={repo.url}>
        {repo.url}
      </span>
    ),
  },
  dateTimeColumn({ id: 'approved', header: 'Approved', value: (repo) => repo.createdAt }),
];

/** Approved GitHub repositories (spec §7 GET/POST approved-repos ?owner&name&token): 'Repo approved!'. */
export function ApprovedReposCard() {
  const [page, setPage] = usePageParams<ApprovalsPage>({});
  const repos = useApprovedRepos(page);
  const approve = useApproveRepo();
  const form = useContractForm(approveRepoQuery, { defaultValues: EMPTY });

  return (
    <Card title="Approved repositories">
      <Form
        form={form}
        className={styles.approveForm}
        aria-label="Approve a repository"
        onSubmit={async (values) => {
          await approve.mutateAsync(values);
          form.reset(EMPTY);
        }}
      >
        <div className={styles.approveFields}>
          <FormTextField<ApproveRepoQuery> name="owner" label="GitHub owner" autoComplete="off" mono />
          <FormTextField<ApproveRepoQuery> name="name" label="Repository name" autoComplete="off" mono />
          <FormTextField<ApproveRepoQuery>
            name="token"
            label="Token (optional)"
            type="password"
            autoComplete="off"
            hint="For a private repository; not stored."
          />
          <div className={styles.submit}>
            <Button type="submit" loading={approve.isPending} loadingText="Approving...">
              Approve repo
            </Button>
          </div>
        </div>
      </Form>
      <QueryTable
        query={repos}
        what="the approved repositories"
        params={page}
        setParams={setPage}
        label="Approved repositories"
        columns={columns}
        getRowKey={(repo) => repo.id}
        empty="No repository approved yet."
      />
    </Card>
  );
}
