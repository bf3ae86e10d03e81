import type { ReactNode } from 'react';
import { Page } from '../../../components/page/page.tsx';
import { LazyMarkdown } from '../../../components/ui/markdown/lazy-markdown.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { type DocumentPath, useDocument } from '../api/get-document.ts';
import styles from './document-page.module.css';
import { stripLeadingTitle } from './strip-leading-title.ts';

interface DocumentPageProps {
  path: DocumentPath;
  title: string;
  eyebrow?: string;
  description?: string;
  /** Shown instead of the document when it cannot be loaded (exact spec wording). */
  errorMessage: string;
  /** Buttons in the page header and under the document. */
  actions?: ReactNode;
}

/** A page that renders one of the static markdown documents. */
export function DocumentPage({
  path,
  title,
  eyebrow,
  description,
  errorMessage,
  actions,
}: DocumentPageProps) {
  useDocumentTitle(title);
  const document = useDocument(path);

  let body: ReactNode;
  if (document.isPending) {
    body = (
      <div className={styles.loading}>
        <Spinner size="lg" label={`Loading ${title}`} />
      </div>
    );
  } else if (document.isError) {
    body = (
      <p role="alert" className={styles.error}>
        {errorMessage}
      </p>
    );
  } else {
    body = (
      <article className={styles.article}>
        <LazyMarkdown>{stripLeadingTitle(document.data)}</LazyMarkdown>
      </article>
    );
  }

  return (
    <Page title={title} eyebrow={eyebrow} description={description} actions={actions} width="narrow">
      {body}
      {actions && document.isSuccess ? <div className={styles.footerActions}>{actions}</div> : null}
    </Page>
  );
}
