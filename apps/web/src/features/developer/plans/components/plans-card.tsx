import type { PlanResponse } from '@ember/contracts/catalog';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../../components/ui/card/card.tsx';
import { nameColumn } from '../../../../components/ui/data-table/columns.tsx';
import tableStyles from '../../../../components/ui/data-table/data-table.module.css';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { LazyMarkdown } from '../../../../components/ui/markdown/lazy-markdown.tsx';
import { VisibilityBadges } from '../../../../components/visibility-badges/visibility-badges.tsx';
import { paths } from '../../../../config/paths.ts';
import { useMyPlans } from '../api/get-my-plans.ts';
import { cutDescription, withoutLeadingTitle } from '../utils/describe.ts';
import { CreatePlanDialog } from './create-plan-dialog.tsx';
import styles from './plans-card.module.css';

const columns: DataTableColumn<PlanResponse>[] = [
  nameColumn(
    'name',
    'Plan',
    (plan) => plan.name,
    (plan) => (
      <div className={styles.plan}>
        <Link to={paths.developerPlan.getHref(plan.id)} className={tableStyles.nameLink}>
          {plan.name}
        </Link>
        <div className={styles.description} data-testid="plan-description">
          <LazyMarkdown compact>
            {cutDescription(withoutLeadingTitle(plan.description, plan.name))}
          </LazyMarkdown>
        </div>
      </div>
    ),
  ),
  {
    id: 'status',
    header: 'Status',
    sortValue: (plan) =>
      Number(plan.hidden) + 2 * Number(!plan.enabled) + 4 * Number(plan.fromPrice === null),
    cell: (plan) => (
      <VisibilityBadges hidden={plan.hidden} enabled={plan.enabled} buyable={plan.fromPrice !== null} />
    ),
  },
  {
    id: 'id',
    header: 'ID',
    align: 'end',
    sortValue: (plan) => plan.id,
    cell: (plan) => `#${plan.id}`,
  },
];

/**
 * Spec §2: the developer's plans (descriptions cut at 200 characters, without a first heading that
 * repeats the plan's name, at most three lines) and Create plan.
 */
export function PlansCard() {
  const plans = useMyPlans();
  const [creating, setCreating] = useState(false);
  return (
    <Card title="Plans" action={{ text: 'Create plan', onClick: () => setCreating(true) }}>
      <QueryTable
        query={plans}
        what="your plans"
        label="Plans"
        columns={columns}
        getRowKey={(plan) => plan.id}
        defaultSort={{ columnId: 'id', direction: 'desc' }}
        empty="No plans yet. Create one, then add prices to it."
      />
      <CreatePlanDialog open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
