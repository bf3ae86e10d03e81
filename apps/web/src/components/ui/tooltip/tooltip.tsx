import type { ReactNode } from 'react';
import { VisuallyHidden } from '../../visually-hidden/visually-hidden.tsx';
import styles from './tooltip.module.css';
import { useRegisterTooltipAnchor } from './tooltip-demand.ts';
import { APP_TOOLTIP_ID } from './tooltip-id.ts';

interface TooltipProps {
  /** Plain text shown on hover and keyboard focus. */
  content: string;
  children: ReactNode;
  place?: 'top' | 'bottom' | 'left' | 'right';
  /** Make the anchor reachable with Tab (when the child itself is not focusable, e.g. an icon). Screen
   * readers always get the content as text. */
  focusable?: boolean;
}

/** Wraps an element so hovering or focusing it shows `content`. */
export function Tooltip({ content, children, place = 'top', focusable = false }: TooltipProps) {
  useRegisterTooltipAnchor();
  return (
    <span
      className={styles.anchor}
      data-tooltip-id={APP_TOOLTIP_ID}
      data-tooltip-content={content}
      data-tooltip-place={place}
      tabIndex={focusable ? 0 : undefined}
    >
      {children}
      <VisuallyHidden>{content}</VisuallyHidden>
    </span>
  );
}
