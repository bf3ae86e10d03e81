import type { LogoutScope } from '@ember/contracts/identity';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths, SIGNED_IN_HOME } from '../../../config/paths.ts';
import { type RenewOutcome, setAccessTokenProvider, setSessionHandlers } from '../../../lib/api-client.ts';
import { takeRedirectUri, toRedirectTarget } from '../../../lib/auth/redirect-uri.ts';
import { userKeys } from '../../../lib/query-keys/users.ts';
import { notify } from '../../../lib/toast/notify.ts';
import { exchangeDiscordCode } from '../api/exchange-discord-code.ts';
import { logOut } from '../api/log-out.ts';
import type { ProductSession } from '../api/request-product-token.ts';
import type { SignInFlow } from '../sign-in-flow-context.ts';
import { readProviderAnswer } from './provider-answer.ts';
import { reportSignInFailure } from './report-sign-in-failure.ts';
import {
  hasTokenCookie,
  refreshAndSignIn,
  restoreSession,
  signInWithTokenCookie,
} from './restore-session.ts';
import { isTransientFailure, retryTransient } from './retry-transient.ts';

/** What a visitor is told when the session could not be restored for now (it is kept for the next page). */
export const SESSION_NOT_RESTORED_MESSAGE =
  'We could not reach the server to restore your session. Reload the page in a moment: you are still signed in.';

export type SessionStatus = 'loading' | 'guest' | 'authenticated';

/**
 * The session behind useAuth(): the status, the product JWT (in memory only, never stored), the
 * sign-in flow of the /oauth2, /token and /loading pages, and the API client's 401 policy.
 * `startsAsGuest`: a page the server rendered for a visitor without a session starts as a guest's,
 * as the server drew it (the token check then finds no session either), instead of 'loading'.
 */
export function useSession({ startsAsGuest = false }: { startsAsGuest?: boolean } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<SessionStatus>(startsAsGuest ? 'guest' : 'loading');
  const jwt = useRef<string | null>(null);
  const renewing = useRef<Promise<RenewOutcome> | null>(null);

  const install = useCallback(
    (session: ProductSession) => {
      jwt.current = session.jwt;
      queryClient.setQueryData(userKeys.me, session.user);
    },
    [queryClient],
  );

  const forget = useCallback(() => {
    jwt.current = null;
    queryClient.removeQueries({ queryKey: userKeys.me });
  }, [queryClient]);

  /** Status and page change in one transition, so no guard sees one without the other. */
  const settle = useCallback(
    (next: SessionStatus, to: string) =>
      startTransition(() => {
        navigate(to, { replace: true });
        setStatus(next);
      }),
    [navigate],
  );

  const fail = useCallback(
    async (error: unknown, options?: { endSession: boolean }) => {
      forget();
      await reportSignInFailure(error, options);
      settle('guest', paths.home.getHref());
    },
    [forget, settle],
  );

  /** Keeps the session the browser already has (or none), without a new sign-in. */
  const resume = useCallback(async () => {
    if (!hasTokenCookie()) {
      settle('guest', paths.home.getHref());
      return;
    }
    try {
      install(await retryTransient(restoreSession));
    } catch (error) {
      await fail(error);
      return;
    }
    settle('authenticated', SIGNED_IN_HOME);
  }, [fail, install, settle]);

  const flow = useMemo<SignInFlow>(() => {
    const logInWith = async (signIn: () => Promise<ProductSession>, redirect: string | null) => {
      setStatus('loading');
      try {
        install(await signIn());
      } catch (error) {
        await fail(error);
        return;
      }
      const saved = takeRedirectUri();
      settle('authenticated', toRedirectTarget(redirect) ?? saved ?? paths.home.getHref());
    };
    return {
      async exchangeCode(providerSearch) {
        setStatus('loading');
        const query = new URLSearchParams(providerSearch);
        const answer = readProviderAnswer(query);
        if (answer.kind !== 'code') {
          if (answer.kind === 'refused') void notify.error(answer.message);
          await resume();
          return;
        }
        try {
          await exchangeDiscordCode(query);
        } catch (error) {
          await fail(error, { endSession: false });
          return;
        }
        navigate(paths.token.getHref(), { replace: true });
      },
      logIn: () => logInWith(signInWithTokenCookie, null),
      refreshAndLogIn: (redirect) => logInWith(refreshAndSignIn, redirect),
    };
  }, [fail, install, navigate, resume, settle]);

  /** App start: the token check. No `token` cookie means a guest, without any request. */
  const restoreOnStart = useCallback(async () => {
    if (!hasTokenCookie()) {
      setStatus('guest');
      return;
    }
    try {
      // Waits out a 429 (Retry-After) or a network failure: neither ends the session.
      install(await retryTransient(restoreSession));
      setStatus('authenticated');
    } catch (error) {
      forget();
      if (isTransientFailure(error)) void notify.error(SESSION_NOT_RESTORED_MESSAGE);
      else await reportSignInFailure(error);
      setStatus('guest');
    }
  }, [forget, install]);

  // The API client's session policy: bearer token, one silent re-login on expiry, else back to guest.
  useEffect(() => {
    setAccessTokenProvider(() => jwt.current);
    setSessionHandlers({
      renew() {
        if (!jwt.current) return Promise.resolve('refused');
        renewing.current ??= retryTransient(restoreSession)
          .then((session): RenewOutcome => {
            install(session);
            return 'renewed';
          })
          .catch((error: unknown): RenewOutcome => (isTransientFailure(error) ? 'unavailable' : 'refused'))
          .finally(() => {
            renewing.current = null;
          });
        return renewing.current;
      },
      end(message) {
        if (!jwt.current) return; // already ended by a concurrent call: one toast only
        forget();
        setStatus('guest');
        void logOut();
        void notify.error(message);
      },
    });
    return () => {
      setAccessTokenProvider(() => null);
      setSessionHandlers(null);
    };
  }, [forget, install]);

  /** Only an explicit Log out ends a session: of this browser, or of every device of the account. */
  const signOut = useCallback(async (scope: LogoutScope = 'this-device') => {
    await logOut(jwt.current, scope);
    window.location.reload();
  }, []);

  return { status, flow, restoreOnStart, signOut };
}
