import type { RepositoryResponse } from '@ember/contracts/delivery';
import { Navigate, useParams } from 'react-router';
import { DeveloperBreadcrumbs } from '../../../../components/developer-breadcrumbs/developer-breadcrumbs.tsx';
import { Page } from '../../../../components/page/page.tsx';
import { PagePending } from '../../../../components/page/page-pending.tsx';
import { LoadError } from '../../../../components/ui/load-error/load-error.tsx';
import { WRONG_ROLE_HOME } from '../../../../config/paths.ts';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { ApiError } from '../../../../lib/api-error.ts';
import { parseIdParam } from '../../../../lib/route-params.ts';
import stack from '../../../../styles/stack.module.css';
import { useRepository } from '../api/get-repository.ts';
import { RepoUpdatesCard } from '../components/repo-updates-card.tsx';
import { RepositoryInfoCard } from '../components/repository-info-card.tsx';
import { RepositoryPluginsCard } from '../components/repository-plugins-card.tsx';
import ownStyles from './repository-page.module.css';

function RepositoryDashboard({ repository }: { repository: RepositoryResponse }) {
  useDocumentTitle('Repository');
  return (
    <Page
      above={<DeveloperBreadcrumbs trail={[{ label: repository.url }]} />}
      eyebrow="Repository"
      title={<span className={ownStyles.title}>{repository.url.replace(/^https:\/\//, '')}</span>}
      description="Its settings, its updates and the plugins they published."
    >
      <div className={stack.gap6}>
        <RepositoryInfoCard repository={repository} />
        <RepoUpdatesCard repositoryId={repository.id} />
        <RepositoryPluginsCard repositoryId={repository.id} />
      </div>
    </Page>
  );
}

/**
 * /developer/repository/{id}: its owner (or an admin) may stay; anyone else gets 403 / 404 from the
 * server and goes to /account (spec §2).
 */
export default function RepositoryPage() {
  const id = parseIdParam(useParams().id);
  const repository = useRepository(id);
  const refused = repository.error instanceof ApiError && [403, 404].includes(repository.error.status);
  if (id === null || refused) return <Navigate to={WRONG_ROLE_HOME} replace />;
  if (repository.isError && !repository.data) {
    return (
      <div className={ownStyles.retry}>
        <LoadError
          what="the repository"
          onRetry={() => void repository.refetch()}
          retrying={repository.isFetching}
        />
      </div>
    );
  }
  if (!repository.data) return <PagePending label="Loading the repository" />;
  return <RepositoryDashboard repository={repository.data} />;
}
