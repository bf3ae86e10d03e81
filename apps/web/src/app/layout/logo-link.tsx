import { Link } from 'react-router';
import { usePublicConfig } from '../../config/app-environment.ts';
import { paths } from '../../config/paths.ts';
import styles from './logo-link.module.css';

/** The brand logo; goes to the landing page, replacing the current history entry. */
export function LogoLink({ onNavigate }: { onNavigate?: () => void }) {
  const { brand } = usePublicConfig();
  return (
    <Link
      to={paths.home.getHref()}
      replace
      className={styles.logo}
      aria-label={`${brand.name} home`}
      onClick={onNavigate}
    >
      <img src={brand.logoUrl} alt="" width={136} height={36} className={styles.image} />
    </Link>
  );
}
