import { useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { rememberSignInOrigin } from '../../lib/auth/redirect-uri.ts';
import { Button } from '../ui/button/button.tsx';

interface SignInButtonProps {
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
}

/**
 * 'Log in': a full-page link to the server route that starts the chat-platform sign-in. Remembers
 * the current page first, so the visitor comes back to it after signing in.
 */
export function SignInButton({ size, fullWidth }: SignInButtonProps) {
  const { signInHref } = useAuth();
  const { pathname, search, hash } = useLocation();
  return (
    <Button
      href={signInHref}
      sameTab
      size={size}
      fullWidth={fullWidth}
      onClick={() => rememberSignInOrigin(`${pathname}${search}${hash}`)}
    >
      Log in
    </Button>
  );
}
