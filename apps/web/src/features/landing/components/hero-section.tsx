import { ArrowRightIcon, CheckIcon, GemIcon } from '../../../components/icons/icons.tsx';
import { MembersOnlyButton } from '../../../components/sign-in-button/members-only-button.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { usePublicConfig } from '../../../config/app-environment.ts';
import { paths } from '../../../config/paths.ts';
import { HeroBackground } from './hero-background.tsx';
import { HeroCaption } from './hero-caption.tsx';
import styles from './hero-section.module.css';

const HIGHLIGHTS = ['Free tier included', 'Log in with Discord', 'Anti-ban built in'];

export function HeroSection() {
  const { brand } = usePublicConfig();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <HeroBackground />
      <div className={styles.content}>
        <p className={styles.eyebrow}>
          <span className={styles.dot} aria-hidden="true" />
          The plugin store of the {brand.name} client
        </p>
        <h1 id="hero-title" className={styles.title}>
          <span className={styles.lead}>Plugins built for</span>
          <HeroCaption />
        </h1>
        <p className={styles.subtitle}>
          {brand.tagline} Free and premium plugins, reviewed before release and ready to start from the client
          in seconds.
        </p>
        <div className={styles.actions}>
          <Button to={paths.shop.getHref()} size="lg" trailingIcon={<ArrowRightIcon size={18} />}>
            Browse plugins
          </Button>
          {/* /vip is for members: a guest signs in first and lands there. */}
          <MembersOnlyButton
            to={paths.vip.getHref()}
            size="lg"
            variant="secondary"
            icon={<GemIcon size={18} />}
          >
            Purchase VIP
          </MembersOnlyButton>
        </div>
        <ul className={styles.highlights}>
          {HIGHLIGHTS.map((highlight) => (
            <li key={highlight}>
              <CheckIcon size={16} className={styles.check} />
              {highlight}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
