import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { GemIcon } from '../../icons/icons.tsx';
import styles from './markdown.module.css';
import { remarkGem } from './remark-gem.ts';

const components: Components = {
  // Every link leaves the page in a new tab and passes no ranking or referrer.
  a: ({ node: _node, children, ...props }: ComponentProps<'a'> & { node?: unknown }) => (
    <a {...props} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  img: ({ node: _node, alt, ...props }: ComponentProps<'img'> & { node?: unknown }) => (
    <img {...props} alt={alt ?? ''} loading="lazy" decoding="async" />
  ),
  // The only spans are remarkGem's markers (raw HTML is skipped): the SVG gem, beside its word in the text.
  span: ({ node: _node, ...props }: ComponentProps<'span'> & { node?: unknown }) =>
    'data-gem' in props ? <GemIcon size={16} className={styles.gem} /> : <span {...props} />,
  // A wide table scrolls sideways on a phone: its scroller can be reached and scrolled by keyboard.
  table: ({ node: _node, ...props }: ComponentProps<'table'> & { node?: unknown }) => (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard (WCAG 2.1.1).
    <section className={styles.tableScroller} aria-label="Table" tabIndex={0}>
      <table {...props} />
    </section>
  ),
};

const remarkPlugins = [remarkGfm, remarkGem];

export interface MarkdownProps {
  children: string;
  className?: string;
  /** Set at the surrounding text's size, headings included: a description inside a card or a table. */
  compact?: boolean;
}

/**
 * Renders user- or staff-written markdown (GitHub flavour). Raw HTML in the source is dropped, never
 * rendered. Import through LazyMarkdown so the parser stays out of the landing bundle.
 */
export default function Markdown({ children, className, compact = false }: MarkdownProps) {
  const classes = [styles.markdown, compact ? styles.compact : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
