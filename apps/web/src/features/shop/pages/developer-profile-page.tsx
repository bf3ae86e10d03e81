import { type DeveloperProfile, updateRhythmText } from '@ember/contracts/developer-profile';
import { parsePlanId } from '@ember/contracts/page-routes';
import { Navigate, useParams } from 'react-router';
import { Page } from '../../../components/page/page.tsx';
import { ReaderDate, TimeAgo } from '../../../components/time-ago/time-ago.tsx';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs/breadcrumbs.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { LoadError } from '../../../components/ui/load-error/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useDeveloperProfile } from '../api/get-developer-profile.ts';
import { PlanResults } from '../components/plan-results.tsx';
import styles from './developer-profile-page.module.css';

const crumbs = (name: string) => [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'Plugins', to: paths.shop.getHref() },
  { label: name },
];

function DeveloperDetails({ developer }: { developer: DeveloperProfile }) {
  useDocumentTitle(developer.name);
  const { updates } = developer;
  return (
    <Page above={<Breadcrumbs items={crumbs(developer.name)} />} eyebrow="Developer" title={developer.name}>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Publishing since</dt>
          <dd>
            <ReaderDate iso={developer.publishingSince} /> (<TimeAgo iso={developer.publishingSince} />)
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Update rhythm</dt>
          <dd data-testid="update-rhythm">{updateRhythmText(updates)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Last update</dt>
          <dd>{updates.lastPublishedAt ? <TimeAgo iso={updates.lastPublishedAt} /> : 'None yet'}</dd>
        </div>
      </dl>
      <section aria-labelledby="developer-plans">
        <h2 id="developer-plans" className={styles.heading}>
          {`Plugins by ${developer.name}`}
        </h2>
        {developer.plans.length === 0 ? (
          <p className={styles.empty}>{`${developer.name} has no plugins on sale right now.`}</p>
        ) : (
          <PlanResults plans={developer.plans} busy={false} />
        )}
      </section>
    </Page>
  );
}

function DeveloperView({ developerId }: { developerId: number }) {
  const developer = useDeveloperProfile(developerId);
  if (developer.data) return <DeveloperDetails developer={developer.data} />;
  if (developer.isError) {
    const missing = developer.error instanceof ApiError && developer.error.status === 404;
    return (
      <Page title={missing ? 'Developer not found' : 'Developer'}>
        {missing ? (
          <>
            <p className={styles.empty}>{developer.error.message}</p>
            <Button to={paths.shop.getHref()} variant="secondary">
              Browse plugins
            </Button>
          </>
        ) : (
          <LoadError
            what="this developer"
            onRetry={() => void developer.refetch()}
            retrying={developer.isFetching}
          />
        )}
      </Page>
    );
  }
  return (
    <div className={styles.loading}>
      <Spinner size="lg" label="Loading developer" />
    </div>
  );
}

/** /shop/developers/{id}: a developer's plans on sale, since when they publish and how often they update (issue 35). */
export default function DeveloperProfilePage() {
  const { id } = useParams();
  const developerId = parsePlanId(id);
  if (developerId === null) return <Navigate to={paths.shop.getHref()} replace />;
  return <DeveloperView key={developerId} developerId={developerId} />;
}
