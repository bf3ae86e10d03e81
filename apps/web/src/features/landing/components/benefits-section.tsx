import { usePublicConfig } from '../../../config/app-environment.ts';
import { BENEFITS } from './benefits.ts';
import styles from './benefits-section.module.css';
import section from './landing-section.module.css';
import { SectionHeading } from './section-heading.tsx';

export function BenefitsSection() {
  const { brand } = usePublicConfig();
  return (
    <section className={section.section} aria-labelledby="benefits-title">
      <div className={section.inner}>
        <SectionHeading
          id="benefits-title"
          eyebrow={`Why ${brand.name}`}
          title="Everything you need to play smarter"
          description="One client, one store and plugins for every part of the game."
        />
        <ul className={styles.grid}>
          {BENEFITS.map(({ title, copy, Icon }) => (
            <li key={title} className={styles.card}>
              <span className={styles.icon}>
                <Icon size={24} />
              </span>
              <h3 className={styles.title}>{title}</h3>
              <p className={styles.copy}>{copy}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
