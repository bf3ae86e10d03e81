/** Any origin: only whether the address stays on it matters. */
const SITE = 'http://site.invalid';

/**
 * `raw` as a path on this site ("/vip?x=1#y"), or null when it is anything else: absolute or
 * protocol-relative URLs, backslash tricks, other schemes. What keeps a return address after sign-in
 * (the web's saved redirectUri, the server's `returnTo`) from becoming an open redirect.
 */
export function toSitePath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const url = new URL(raw, SITE);
    // Dot segments are resolved first: "/.//evil.example" becomes the path "//evil.example", which a
    // browser would read as another host.
    if (url.origin !== SITE || /^\/[\\/]/.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
