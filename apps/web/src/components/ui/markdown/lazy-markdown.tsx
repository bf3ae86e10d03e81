import { Suspense } from 'react';
import { preloadableLazy } from '../../../lib/preloadable-lazy.ts';
import { Spinner } from '../spinner/spinner.tsx';
import type { MarkdownProps } from './markdown.tsx';

const Markdown = preloadableLazy(() => import('./markdown.tsx'));

/** Downloads the renderer now (a page that will show Markdown calls it as its own code loads). */
export function preloadMarkdown(): Promise<unknown> {
  return Markdown.preload();
}

/** The Markdown renderer, downloaded on first use. */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <Markdown {...props} />
    </Suspense>
  );
}
