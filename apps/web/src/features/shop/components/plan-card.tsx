import type { PlanResponse } from '@ember/contracts/catalog';
import { type SyntheticEvent, useId } from 'react';
import { Link } from 'react-router';
import { ExternalLinkIcon } from '../../../components/icons/icons.tsx';
import { RatingLine } from '../../../components/rating/rating-line.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import chipList from '../../../components/ui/chip-list/chip-list.module.css';
import { Tooltip } from '../../../components/ui/tooltip/tooltip.tsx';
import { paths } from '../../../config/paths.ts';
import { fromPriceLabel } from '../../../lib/format/money.ts';
import { type PlanHolding, planHoldingMessage } from '../../../lib/subscriptions/plan-holding.ts';
import { defaultCoverHue, labelIconSrc, PLAN_DEFAULT_IMAGE } from '../utils/plan-images.ts';
import styles from './plan-card.module.css';

export type PlanCardLayout = 'grid' | 'row';

/** The promo badges of a plan: its best discount and its most extra days, e.g. '-10%' and '+7 days'. */
export function promoBadges(plan: Pick<PlanResponse, 'promoDiscount' | 'promoExtraDays'>): string[] {
  const badges: string[] = [];
  if (plan.promoDiscount > 0) badges.push(`-${plan.promoDiscount}%`);
  if (plan.promoExtraDays > 0) {
    badges.push(`+${plan.promoExtraDays} ${plan.promoExtraDays === 1 ? 'day' : 'days'}`);
  }
  return badges;
}

/** A broken plan image falls back to the default picture (once). */
function showDefaultImage(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(PLAN_DEFAULT_IMAGE)) image.src = PLAN_DEFAULT_IMAGE;
}

interface PlanCardProps {
  plan: PlanResponse;
  layout?: PlanCardLayout;
  /** What the signed-in visitor already holds of this plan. */
  holding?: PlanHolding | null;
}

/** One plan in the shop: picture, promo badges, name, developer, lowest price, skill labels, Info and Buy. */
export function PlanCard({ plan, layout = 'grid', holding = null }: PlanCardProps) {
  const titleId = useId();
  const href = paths.plan.getHref(plan.id);
  const badges = promoBadges(plan);
  const coverIcon = plan.imageUrl ? null : (plan.labels[0]?.icon ?? null);

  return (
    <article className={`${styles.card} ${styles[layout]}`} aria-labelledby={titleId}>
      <Link to={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        <img
          src={plan.imageUrl || PLAN_DEFAULT_IMAGE}
          alt=""
          loading="lazy"
          decoding="async"
          width={640}
          height={360}
          className={styles.image}
          style={plan.imageUrl ? undefined : { filter: `hue-rotate(${defaultCoverHue(plan.id)}deg)` }}
          onError={showDefaultImage}
        />
        {coverIcon ? (
          <img src={labelIconSrc(coverIcon)} alt="" width={72} height={72} className={styles.coverIcon} />
        ) : null}
      </Link>
      {badges.length > 0 ? (
        <ul className={`${chipList.list} ${styles.badges}`} aria-label="Promotions">
          {badges.map((badge) => (
            <li key={badge} className={badge.startsWith('-') ? styles.discount : styles.extraDays}>
              {badge}
            </li>
          ))}
        </ul>
      ) : null}

      <div className={styles.body}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.name}>
            <Link to={href} className={styles.nameLink}>
              {plan.name}
            </Link>
          </h2>
          <p className={styles.developer}>
            by <span className={styles.developerName}>{plan.ownerName}</span>
          </p>
          <RatingLine average={plan.ratingAverage} count={plan.ratingCount} className={styles.rating} />
          {holding ? (
            <p className={styles.held} data-testid="plan-held">
              {planHoldingMessage(holding)}
            </p>
          ) : null}
          {plan.fromPrice !== null ? (
            <p className={styles.price} data-testid="plan-from-price">
              {fromPriceLabel(plan.fromPrice)}
            </p>
          ) : null}
        </div>

        {plan.labels.length > 0 ? (
          <ul className={`${chipList.list} ${styles.labels}`} aria-label="Skills">
            {plan.labels.map((label) => (
              <li key={label.id}>
                <Tooltip content={label.name} focusable>
                  <img
                    src={labelIconSrc(label.icon)}
                    alt=""
                    width={18}
                    height={18}
                    className={styles.labelIcon}
                  />
                </Tooltip>
              </li>
            ))}
          </ul>
        ) : null}

        <div className={styles.actions}>
          {plan.forumLink ? (
            <Button
              href={plan.forumLink}
              variant="ghost"
              size="sm"
              trailingIcon={<ExternalLinkIcon size={14} />}
              aria-label={`Info on ${plan.name} (opens in a new tab)`}
            >
              Info
            </Button>
          ) : null}
          <Button to={href} size="sm" className={styles.buy} aria-label={`Buy ${plan.name}`}>
            Buy
          </Button>
        </div>
      </div>
    </article>
  );
}
