import { createContext, useContext } from 'react';

/** The sign-in steps the /oauth2, /token and /loading pages trigger; the AuthProvider runs them. */
export interface SignInFlow {
  /**
   * /oauth2: exchange the provider's query string for the chat-platform token, then go to /token.
   * Without a code (a bookmark, a stale tab, Cancel on the consent page) nothing is exchanged: the
   * existing session, if any, is kept and the page leaves (isAuth: /shop, a guest: /).
   */
  exchangeCode: (providerSearch: string) => Promise<void>;
  /** /token: the login action (POST /token), then the saved redirectUri. */
  logIn: () => Promise<void>;
  /** /loading: refresh the chat-platform token, log in, then go to `redirect` or the saved redirectUri. */
  refreshAndLogIn: (redirect: string | null) => Promise<void>;
}

export const SignInFlowContext = createContext<SignInFlow | null>(null);

export function useSignInFlow(): SignInFlow {
  const flow = useContext(SignInFlowContext);
  if (!flow) throw new Error('useSignInFlow() must be used inside <AuthProvider>.');
  return flow;
}
