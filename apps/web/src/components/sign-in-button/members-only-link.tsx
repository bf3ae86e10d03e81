import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { saveRedirectUri } from '../../lib/auth/redirect-uri.ts';
import { Button } from '../ui/button/button.tsx';

/**
 * Where a link to a members-only page (/vip, /products/...) leads: for a guest, the sign-in, with
 * the page remembered so the sign-in ends there (a guest sent to such a page would only land on
 * the landing page again, seeing nothing happen); for anyone else, the page itself.
 */
function useMembersOnlyTarget(to: string) {
  const { status, signInHref } = useAuth();
  if (status !== 'guest') return { to } as const;
  return { href: signInHref, onClick: () => saveRedirectUri(to) } as const;
}

interface MembersOnlyButtonProps {
  /** The members-only page. */
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
  icon?: ReactNode;
  trailingIcon?: ReactNode;
}

/** A Button to a members-only page: a guest signs in first and lands on it (issue 26 item 3). */
export function MembersOnlyButton({ to, ...look }: MembersOnlyButtonProps) {
  const target = useMembersOnlyTarget(to);
  return 'href' in target ? (
    <Button {...look} href={target.href} sameTab onClick={target.onClick} />
  ) : (
    <Button {...look} to={target.to} />
  );
}

/** An inline link to a members-only page: a guest signs in first and lands on it. */
export function MembersOnlyLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const target = useMembersOnlyTarget(to);
  return 'href' in target ? (
    <a href={target.href} onClick={target.onClick} className={className}>
      {children}
    </a>
  ) : (
    <Link to={target.to} className={className}>
      {children}
    </Link>
  );
}
