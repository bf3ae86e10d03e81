import { ArrowRightIcon, ChatIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { usePublicConfig } from '../../../config/app-environment.ts';
import { paths } from '../../../config/paths.ts';
import wrapRow from '../../../styles/wrap-row.module.css';
import styles from './cta-band.module.css';
import section from './landing-section.module.css';

export function CtaBand() {
  const { brand } = usePublicConfig();
  return (
    <section className={section.section} aria-labelledby="cta-title">
      <div className={section.inner}>
        <div className={styles.band}>
          <div className={styles.text}>
            <h2 id="cta-title" className={styles.title}>
              Ready to play smarter?
            </h2>
            <p className={styles.copy}>
              Pick your first plugin, start it from the {brand.name} client and let it do the grinding.
            </p>
          </div>
          <div className={`${wrapRow.gap3} ${wrapRow.fullWidthOnPhones}`}>
            <Button to={paths.shop.getHref()} size="lg" trailingIcon={<ArrowRightIcon size={18} />}>
              Browse plugins
            </Button>
            <Button href={brand.chatInviteUrl} size="lg" variant="secondary" icon={<ChatIcon size={18} />}>
              Join the community
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
