/**
 * `raw` as a path on this site ("/vip?x=1#y"), or null when it is anything else: absolute or
 * protocol-relative URLs, backslash tricks, other schemes. This is what keeps redirects after
 * sign-in from becoming an open redirect.
 */
export function toSameOriginPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const { origin } = window.location;
    const url = new URL(raw, origin);
    // Dot segments are resolved first: "/.//evil.example" becomes the path "//evil.example", which a
    // browser would read as another host.
    if (url.origin !== origin || /^\/[\\/]/.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
