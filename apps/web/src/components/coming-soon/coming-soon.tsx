import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { HourglassIcon } from '../icons/icons.tsx';
import { Button } from '../ui/button/button.tsx';
import styles from './coming-soon.module.css';

interface ComingSoonProps {
  /** Name of the page being built, e.g. 'Admin Panel'. Also the tab title. */
  title: string;
  /** One line on what the page will offer. */
  description?: string;
}

/** Placeholder body for pages that are not built yet, shown inside the real layout. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <section className={styles.wrapper} aria-labelledby="coming-soon-title">
      <div className={styles.glow} aria-hidden="true" />
      <div className={styles.card}>
        <span className={styles.icon}>
          <HourglassIcon size={30} />
        </span>
        <p className={styles.badge}>Coming soon</p>
        <h1 id="coming-soon-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.text}>
          {description ?? 'We are putting the finishing touches on this page.'} Check back soon — it is on its
          way.
        </p>
        <div className={styles.actions}>
          <Button to="/">Back to home</Button>
          <Button to="/faq" variant="secondary">
            Read the FAQ
          </Button>
        </div>
      </div>
    </section>
  );
}
