import type { MouseEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../spinner/spinner.tsx';
import styles from './button.module.css';

export const DEFAULT_LOADING_TEXT = 'Processing...';

interface CommonProps {
  children: ReactNode;
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'sm' | 'md' | 'lg';
  /** Shows a spinner and `loadingText`, and blocks clicks. */
  loading?: boolean;
  loadingText?: string;
  disabled?: boolean;
  fullWidth?: boolean;
  /** Icon shown before / after the label. */
  icon?: ReactNode;
  trailingIcon?: ReactNode;
  className?: string;
  'aria-label'?: string;
}

interface ActionButtonProps extends CommonProps {
  onClick?: MouseEventHandler<HTMLButtonElement>;
  type?: 'button' | 'submit' | 'reset';
  /** The id of the form this button submits when it sits outside it (e.g. in a dialog's footer). */
  form?: string;
  to?: never;
  href?: never;
}

interface RouteLinkProps extends CommonProps {
  /** Internal route: a router link (a plain span when disabled). */
  to: string;
  replace?: boolean;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  href?: never;
}

interface ExternalLinkProps extends CommonProps {
  /** Full-page link. Opens in a new tab (noopener noreferrer) unless `sameTab`. */
  href: string;
  sameTab?: boolean;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  to?: never;
}

export type ButtonProps = ActionButtonProps | RouteLinkProps | ExternalLinkProps;

/**
 * The one button of the app: a click button, an internal route link or an external link, in the
 * primary / secondary (plus danger / ghost) look, with loading and disabled states.
 */
export function Button(props: ButtonProps) {
  const {
    children,
    variant = 'primary',
    size = 'md',
    loading = false,
    loadingText = DEFAULT_LOADING_TEXT,
    disabled = false,
    fullWidth = false,
    icon,
    trailingIcon,
    className,
  } = props;
  const inactive = disabled || loading;
  const classes = [
    styles.button,
    styles[variant],
    styles[size],
    fullWidth ? styles.fullWidth : '',
    inactive ? styles.inactive : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

  const content = loading ? (
    <>
      <Spinner size="sm" />
      <span>{loadingText}</span>
    </>
  ) : (
    <>
      {icon}
      <span>{children}</span>
      {trailingIcon}
    </>
  );

  if ('to' in props && props.to !== undefined) {
    if (inactive) {
      return (
        <span className={classes} aria-disabled="true" aria-busy={loading || undefined}>
          {content}
        </span>
      );
    }
    return (
      <Link
        to={props.to}
        replace={props.replace}
        onClick={props.onClick}
        className={classes}
        aria-label={props['aria-label']}
      >
        {content}
      </Link>
    );
  }

  if ('href' in props && props.href !== undefined) {
    if (inactive) {
      return (
        <span className={classes} aria-disabled="true" aria-busy={loading || undefined}>
          {content}
        </span>
      );
    }
    const newTab = !props.sameTab;
    return (
      <a
        href={props.href}
        className={classes}
        onClick={props.onClick}
        aria-label={props['aria-label']}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {content}
      </a>
    );
  }

  const actionProps = props as ActionButtonProps;
  return (
    <button
      type={actionProps.type ?? 'button'}
      form={actionProps.form}
      className={classes}
      onClick={actionProps.onClick}
      disabled={inactive}
      aria-busy={loading || undefined}
      aria-label={props['aria-label']}
    >
      {content}
    </button>
  );
}
