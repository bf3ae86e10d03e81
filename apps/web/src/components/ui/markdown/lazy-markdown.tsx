import { lazy, Suspense } from 'react';
import { Spinner } from '../spinner/spinner.tsx';
import type { MarkdownProps } from './markdown.tsx';

const Markdown = lazy(() => import('./markdown.tsx'));

/** The Markdown renderer, downloaded on first use. */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <Markdown {...props} />
    </Suspense>
  );
}
