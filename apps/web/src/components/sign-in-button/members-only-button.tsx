import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { saveRedirectUri } from '../../lib/auth/redirect-uri.ts';
import { Button } from '../ui/button/button.tsx';

interface MembersOnlyButtonProps {
  /** The members-only page (/vip, /products/...). */
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
  icon?: ReactNode;
}

/**
 * A Button to a members-only page. A guest goes to sign in, with the page remembered so the sign-in
 * ends on it (sent to the page itself, a guest would only land on / again, seeing nothing happen).
 */
export function MembersOnlyButton({ to, ...look }: MembersOnlyButtonProps) {
  const { status, signInHref } = useAuth();
  return status === 'guest' ? (
    <Button {...look} href={signInHref} sameTab onClick={() => saveRedirectUri(to)} />
  ) : (
    <Button {...look} to={to} />
  );
}
