import { lazy, Suspense } from 'react';
import { Spinner } from '../spinner/spinner.tsx';
import type { MarkdownProps } from './markdown.tsx';

const loadMarkdown = () => import('./markdown.tsx');
const Markdown = lazy(loadMarkdown);

/** Starts downloading the renderer now (a page that will show Markdown calls it as its own code loads). */
export function preloadMarkdown(): void {
  void loadMarkdown();
}

/** The Markdown renderer, downloaded on first use. */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <Markdown {...props} />
    </Suspense>
  );
}
