import { Button } from '../../components/ui/button/button.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import layout from '../pages/not-found-page.module.css';
import styles from './error-page.module.css';

/**
 * What a visitor sees when a page crashed. It uses no router or server state (either may be what
 * broke): plain links and a full reload.
 */
export function ErrorPage({ standalone = false }: { standalone?: boolean }) {
  useDocumentTitle('Something went wrong');
  const content = (
    <section className={layout.wrapper} aria-labelledby="error-page-title">
      <p className={styles.mark} aria-hidden="true">
        Oops
      </p>
      <h1 id="error-page-title" className={layout.title}>
        Something went wrong
      </h1>
      <p className={layout.text}>
        This page ran into a problem and could not be shown. We have been told about it. Reloading often
        helps.
      </p>
      <div className={layout.actions}>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button href={paths.home.getHref()} sameTab variant="secondary">
          Back to home
        </Button>
      </div>
    </section>
  );
  return standalone ? <main className={styles.standalone}>{content}</main> : content;
}
