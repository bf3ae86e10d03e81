import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { saveRedirectUri } from '../../lib/auth/redirect-uri.ts';

/** An inline link to a members-only page: a guest signs in first and lands on it (see MembersOnlyButton). */
export function MembersOnlyLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const { status, signInHref } = useAuth();
  return status === 'guest' ? (
    <a href={signInHref} onClick={() => saveRedirectUri(to)} className={className}>
      {children}
    </a>
  ) : (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
