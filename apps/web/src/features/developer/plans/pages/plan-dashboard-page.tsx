import type { PlanDetail } from '@ember/contracts/catalog';
import { Navigate, useParams } from 'react-router';
import { AccessListCard } from '../../../../components/access-list-card/access-list-card.tsx';
import { DeveloperBreadcrumbs } from '../../../../components/developer-breadcrumbs/developer-breadcrumbs.tsx';
import styles from '../../../../components/page/dashboard-layout.module.css';
import { Page } from '../../../../components/page/page.tsx';
import { PagePending } from '../../../../components/page/page-pending.tsx';
import { WRONG_ROLE_HOME } from '../../../../config/paths.ts';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { useManages } from '../../../../hooks/use-manages.ts';
import { usePlan } from '../../../../lib/plans/get-plan.ts';
import { parseIdParam } from '../../../../lib/route-params.ts';
import { PlanInfoCard } from '../components/plan-info-card.tsx';
import { PlanLabelsCard } from '../components/plan-labels-card.tsx';
import { PricesCard } from '../components/prices-card.tsx';

function PlanDashboard({ plan, isAdmin }: { plan: PlanDetail; isAdmin: boolean }) {
  useDocumentTitle(plan.name);
  return (
    <Page
      above={<DeveloperBreadcrumbs trail={[{ label: plan.name }]} />}
      eyebrow="Plan"
      title={plan.name}
      description={`Prices, visibility, labels, whitelist and blacklist of plan #${plan.id}.`}
    >
      <div className={styles.grid}>
        <div className={styles.main}>
          <PlanInfoCard plan={plan} isAdmin={isAdmin} />
          <PricesCard planId={plan.id} prices={plan.prices} />
          <PlanLabelsCard plan={plan} />
        </div>
        <div className={styles.side}>
          <AccessListCard owner={{ level: 'plan', id: plan.id }} list="whitelist" />
          <AccessListCard owner={{ level: 'plan', id: plan.id }} list="blacklist" />
        </div>
      </div>
    </Page>
  );
}

/** /developer/plan/{id}: the plan's owner or an admin may stay; anyone else goes to /account (spec §2). */
export default function PlanDashboardPage() {
  const id = parseIdParam(useParams().id);
  const plan = usePlan(id);
  const { manages, isAdmin } = useManages(plan.data?.ownerId);
  if (id === null || plan.isError) return <Navigate to={WRONG_ROLE_HOME} replace />;
  if (!plan.data) return <PagePending label="Loading the plan" />;
  if (!manages) return <Navigate to={WRONG_ROLE_HOME} replace />;
  return <PlanDashboard plan={plan.data} isAdmin={isAdmin} />;
}
