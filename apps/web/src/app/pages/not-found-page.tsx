import { Button } from '../../components/ui/button/button.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import styles from './not-found-page.module.css';

/** Any URL no route matches. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className={styles.wrapper} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
      <div className={styles.actions}>
        <Button to={paths.home.getHref()}>Back to home</Button>
        <Button to={paths.shop.getHref()} variant="secondary">
          Browse plugins
        </Button>
      </div>
    </section>
  );
}
