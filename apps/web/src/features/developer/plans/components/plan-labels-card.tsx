import type { PlanDetail } from '@ember/contracts/catalog';
import { PLAN_LABELS } from '@ember/contracts/labels';
import { Card } from '../../../../components/ui/card/card.tsx';
import { useTogglePlan } from '../api/toggle-plan.ts';
import styles from './plan-labels-card.module.css';

/** The plan's labels: each of the 28 is a switch (PUT /plans/{planId}/labels/{labelId}). */
export function PlanLabelsCard({ plan }: { plan: PlanDetail }) {
  const toggle = useTogglePlan(plan.id);
  const has = new Set(plan.labels.map((label) => label.id));
  return (
    <Card title="Labels">
      <fieldset className={styles.labels}>
        <legend className={styles.legend}>Labels shown on the shop card and used by its filters</legend>
        {PLAN_LABELS.map((label) => {
          const busy =
            toggle.isPending && toggle.variables?.kind === 'label' && toggle.variables.labelId === label.id;
          return (
            <label key={label.id} className={`${styles.chip} ${has.has(label.id) ? styles.on : ''}`}>
              <input
                type="checkbox"
                checked={has.has(label.id)}
                disabled={busy}
                onChange={() => toggle.mutate({ kind: 'label', labelId: label.id })}
              />
              {label.name}
            </label>
          );
        })}
      </fieldset>
    </Card>
  );
}
