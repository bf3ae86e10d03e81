/** What the chat platform's redirect to /oauth2 carries (RFC 6749 §4.1.2): a code, a refusal, or neither. */
export type ProviderAnswer =
  | { kind: 'code' }
  | { kind: 'refused'; message: string }
  /** A bookmark or a stale tab: nothing to exchange. */
  | { kind: 'none' };

export const SIGN_IN_CANCELLED_MESSAGE = 'Login was cancelled. You can log in again at any time.';
export const SIGN_IN_REFUSED_MESSAGE = 'Discord did not complete the login. Please try again.';

export function readProviderAnswer(query: URLSearchParams): ProviderAnswer {
  const error = query.get('error');
  if (error === 'access_denied') return { kind: 'refused', message: SIGN_IN_CANCELLED_MESSAGE };
  if (error) return { kind: 'refused', message: SIGN_IN_REFUSED_MESSAGE };
  return query.get('code')?.trim() ? { kind: 'code' } : { kind: 'none' };
}
