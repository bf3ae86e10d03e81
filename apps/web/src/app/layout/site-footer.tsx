import { Link } from 'react-router';
import { ExternalLinkIcon } from '../../components/icons/icons.tsx';
import { usePublicConfig } from '../../config/app-environment.ts';
import { paths } from '../../config/paths.ts';
import styles from './site-footer.module.css';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
      {children}
      <ExternalLinkIcon size={13} className={styles.externalIcon} />
    </a>
  );
}

/** Legal links, contact, the trademark disclaimer and the design credit. */
export function SiteFooter() {
  const { brand } = usePublicConfig();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <img src={brand.logoUrl} alt={brand.name} width={136} height={36} className={styles.logo} />
            <p className={styles.tagline}>{brand.tagline}</p>
          </div>
          <nav aria-label="Footer" className={styles.columns}>
            <div className={styles.column}>
              <h2 className={styles.columnTitle}>Store</h2>
              <Link to={paths.shop.getHref()} className={styles.link}>
                Plugins
              </Link>
              <Link to={paths.faq.getHref()} className={styles.link}>
                FAQ
              </Link>
            </div>
            <div className={styles.column}>
              <h2 className={styles.columnTitle}>Legal</h2>
              <Link to={paths.terms.getHref()} className={styles.link}>
                Terms of Service
              </Link>
              <Link to={paths.privacy.getHref()} className={styles.link}>
                Privacy Policy
              </Link>
            </div>
            <div className={styles.column}>
              <h2 className={styles.columnTitle}>Support</h2>
              <ExternalLink href={brand.chatInviteUrl}>Contact Us</ExternalLink>
            </div>
          </nav>
        </div>
        <p className={styles.disclaimer}>
          All trademarks, game names and logos mentioned on this site are the property of their respective
          owners. {brand.name} is not affiliated with or endorsed by them, and their use here implies no
          endorsement.
        </p>
        <div className={styles.bottom}>
          <p>
            © {year} {brand.name}
          </p>
          <p>
            Made in collaboration with{' '}
            <ExternalLink href={brand.designStudio.url}>{brand.designStudio.name}</ExternalLink>
          </p>
        </div>
      </div>
    </footer>
  );
}
