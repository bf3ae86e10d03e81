import type { PlanDetail } from '@ember/contracts/catalog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import infoCard from '../../../../components/info-card/info-card.module.css';
import { InfoCard } from '../../../../components/info-card/info-card.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { LazyMarkdown } from '../../../../components/ui/markdown/lazy-markdown.tsx';
import { VisibilityBadges } from '../../../../components/visibility-badges/visibility-badges.tsx';
import { paths } from '../../../../config/paths.ts';
import { useDeletePlan } from '../api/delete-plan.ts';
import { useTogglePlan } from '../api/toggle-plan.ts';
import { cutDescription } from '../utils/describe.ts';
import { EditPlanDialog } from './edit-plan-dialog.tsx';
import styles from './plan-info-card.module.css';

/**
 * Plan information with Edit, Delete (a plan that has sold is archived, and the developer is told
 * so before and after), the owner's Hide / Show and the admins' Enable / Disable.
 */
export function PlanInfoCard({ plan, isAdmin }: { plan: PlanDetail; isAdmin: boolean }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const toggle = useTogglePlan(plan.id);
  const navigate = useNavigate();
  const remove = useDeletePlan({ onDeleted: () => navigate(paths.developer.getHref(), { replace: true }) });

  return (
    <InfoCard
      title="Plan information"
      onEdit={() => setEditing(true)}
      facts={[
        {
          label: 'Status',
          value: (
            <VisibilityBadges hidden={plan.hidden} enabled={plan.enabled} buyable={plan.fromPrice !== null} />
          ),
        },
        { label: 'Plan ID', value: `#${plan.id}` },
        { label: 'Developer', value: plan.ownerName },
        { label: 'Tags', value: plan.tags.length > 0 ? plan.tags.join(', ') : 'None' },
        {
          label: 'Forum link',
          value: plan.forumLink ? (
            <a href={plan.forumLink} target="_blank" rel="noopener noreferrer" className={styles.link}>
              Forum thread
            </a>
          ) : (
            'None'
          ),
        },
      ]}
    >
      <div className={styles.description} data-testid="plan-description">
        <LazyMarkdown compact>{cutDescription(plan.description)}</LazyMarkdown>
      </div>
      <div className={infoCard.actions}>
        <Button
          size="sm"
          variant="secondary"
          loading={toggle.isPending && toggle.variables?.kind === 'hide'}
          onClick={() => toggle.mutate({ kind: 'hide' })}
        >
          {plan.hidden ? 'Show in the shop' : 'Hide from the shop'}
        </Button>
        {isAdmin ? (
          <Button
            size="sm"
            variant="secondary"
            loading={toggle.isPending && toggle.variables?.kind === 'enable'}
            onClick={() => toggle.mutate({ kind: 'enable' })}
          >
            {plan.enabled ? 'Disable plan' : 'Enable plan'}
          </Button>
        ) : null}
        <Button to={paths.plan.getHref(plan.id)} size="sm" variant="ghost">
          View in the shop
        </Button>
        <Button size="sm" variant="danger" onClick={() => setDeleting(true)} className={infoCard.delete}>
          Delete plan
        </Button>
      </div>
      <EditPlanDialog plan={plan} open={editing} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting}
        title={`Delete ${plan.name}?`}
        message="A plan that has never sold is deleted. One that has sold is archived instead: it leaves the shop and your plans, running subscriptions keep their time, and every purchase record is kept."
        confirmLabel="Delete plan"
        destructive
        confirming={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate(plan.id, { onError: () => setDeleting(false) })}
      />
    </InfoCard>
  );
}
