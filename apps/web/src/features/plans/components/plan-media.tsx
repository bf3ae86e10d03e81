import type { PlanDetail } from '@ember/contracts/catalog';
import type { SyntheticEvent } from 'react';
import chipList from '../../../components/ui/chip-list/chip-list.module.css';
import stack from '../../../styles/stack.module.css';
import styles from './plan-media.module.css';

const PLAN_DEFAULT_IMAGE = '/images/plan-default.svg';
const labelIconSrc = (icon: string) => `/labels/${encodeURIComponent(icon)}.svg`;

function showDefaultImage(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(PLAN_DEFAULT_IMAGE)) image.src = PLAN_DEFAULT_IMAGE;
}

/** The plan's picture with its skill labels and tags. */
export function PlanMedia({ plan }: { plan: PlanDetail }) {
  return (
    <div className={styles.media}>
      <div className={styles.frame}>
        <img
          src={plan.imageUrl || PLAN_DEFAULT_IMAGE}
          alt={`${plan.name} preview`}
          width={640}
          height={360}
          decoding="async"
          // The plan page's largest paint: fetched before the label icons and the rest.
          fetchPriority="high"
          className={styles.image}
          onError={showDefaultImage}
        />
      </div>
      {plan.labels.length > 0 || plan.tags.length > 0 ? (
        <div className={stack.gap3}>
          {plan.labels.length > 0 ? (
            <ul className={chipList.list} aria-label="Skills">
              {plan.labels.map((label) => (
                <li key={label.id} className={styles.label}>
                  <img src={labelIconSrc(label.icon)} alt="" width={18} height={18} />
                  {label.name}
                </li>
              ))}
            </ul>
          ) : null}
          {plan.tags.length > 0 ? (
            <ul className={chipList.list} aria-label="Tags">
              {plan.tags.map((tag) => (
                <li key={tag} className={styles.tag}>
                  #{tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
