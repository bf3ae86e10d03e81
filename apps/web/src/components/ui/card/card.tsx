import type { ReactNode } from 'react';
import spreadRow from '../../../styles/spread-row.module.css';
import { Button, type ButtonProps } from '../button/button.tsx';
import styles from './card.module.css';

/** The one button of a card's header (Create plan, Edit, Manage …), small. */
export interface CardAction {
  text: string;
  onClick: () => void;
  /** 'primary' unless given. */
  variant?: ButtonProps['variant'];
  icon?: ReactNode;
  loading?: boolean;
  loadingText?: string;
}

interface CardProps {
  children: ReactNode;
  /** Heading of the card (rendered as h2 unless `headingLevel` says otherwise). */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  /** Controls on the right of the title, e.g. an Edit button. */
  actions?: ReactNode;
  /** …or the one button there, instead of `actions`. */
  action?: CardAction;
  /** Raised look with a hover lift, for cards that are links or choices. */
  interactive?: boolean;
  /** Accent border for the highlighted option. */
  highlighted?: boolean;
  as?: 'section' | 'article' | 'div' | 'li';
  className?: string;
}

/** A surface that groups related content. */
export function Card({
  children,
  title,
  headingLevel = 2,
  actions: givenActions,
  action,
  interactive = false,
  highlighted = false,
  as: Element = 'section',
  className,
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const actions = action ? (
    <Button
      size="sm"
      variant={action.variant}
      icon={action.icon}
      loading={action.loading}
      loadingText={action.loadingText}
      onClick={action.onClick}
    >
      {action.text}
    </Button>
  ) : (
    givenActions
  );
  const classes = [
    styles.card,
    interactive ? styles.interactive : '',
    highlighted ? styles.highlighted : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Element className={classes}>
      {title || actions ? (
        <header className={spreadRow.spreadRow}>
          {title ? <Heading className={styles.title}>{title}</Heading> : <span />}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </Element>
  );
}
