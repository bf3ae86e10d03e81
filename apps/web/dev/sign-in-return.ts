/**
 * `npm run dev:web`: the chat platform sends the browser back to the API server's PUBLIC_URL/oauth2.
 * Unless PUBLIC_URL is the Vite dev server's address, a sign-in started on the dev server ends on the
 * API server's built app instead. This says so, and how to fix it, when the dev server starts.
 */
export function signInReturnWarning(authorizeLocation: string | null, devServerUrl: string): string | null {
  if (!authorizeLocation) return null;
  let returnTo: string | null;
  try {
    returnTo = new URL(authorizeLocation).searchParams.get('redirect_uri');
  } catch {
    return null;
  }
  if (!returnTo) return null;
  const devOrigin = new URL(devServerUrl).origin;
  if (new URL(returnTo).origin === devOrigin) return null;
  return (
    `Sign-in will return to ${returnTo}, not to this dev server. Start the API with ` +
    `PUBLIC_URL=${devOrigin} (in .env or the shell: PUBLIC_URL=${devOrigin} npm run dev).`
  );
}

/** The Location of the API's sign-in redirect (its redirect_uri tells where sign-in returns), or null. */
export async function fetchAuthorizeLocation(apiOrigin: string): Promise<string | null> {
  try {
    const response = await fetch(`${apiOrigin}/api/identity/discord/authorize`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(1500),
    });
    return response.headers.get('location');
  } catch {
    return null;
  }
}
