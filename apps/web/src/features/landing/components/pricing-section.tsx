import { CheckIcon } from '../../../components/icons/icons.tsx';
import { MembersOnlyButton } from '../../../components/sign-in-button/members-only-button.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import section from './landing-section.module.css';
import styles from './pricing-section.module.css';
import { type PricingTier, pricingTiers } from './pricing-tiers.ts';
import { SectionHeading } from './section-heading.tsx';

/** A tier's button; a members-only page asks a guest to sign in first. */
function TierCallToAction({ cta, highlighted }: Pick<PricingTier, 'cta' | 'highlighted'>) {
  const look = { variant: highlighted ? 'primary' : 'secondary', fullWidth: true, size: 'lg' } as const;
  return cta.membersOnly ? (
    <MembersOnlyButton to={cta.to} {...look}>
      {cta.label}
    </MembersOnlyButton>
  ) : (
    <Button to={cta.to} {...look}>
      {cta.label}
    </Button>
  );
}

export function PricingSection() {
  return (
    <section className={`${section.section} ${styles.band}`} aria-labelledby="pricing-title">
      <div className={section.inner}>
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Start free, upgrade when you want"
          description="No contracts and no hidden fees. Pick what fits the way you play."
        />
        <ul className={styles.grid}>
          {pricingTiers().map((tier) => (
            <li key={tier.name} className={`${styles.tier} ${tier.highlighted ? styles.highlighted : ''}`}>
              {tier.badge ? <span className={styles.badge}>{tier.badge}</span> : null}
              <h3 className={styles.name}>{tier.name}</h3>
              <p className={styles.summary}>{tier.summary}</p>
              <p className={styles.price}>
                <span className={styles.amount}>{tier.price}</span>
                <span className={styles.note}>{tier.priceNote}</span>
              </p>
              <ul className={styles.features}>
                {tier.features.map((feature) => (
                  <li key={feature}>
                    <CheckIcon size={16} className={styles.check} />
                    {feature}
                  </li>
                ))}
              </ul>
              <TierCallToAction cta={tier.cta} highlighted={tier.highlighted} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
