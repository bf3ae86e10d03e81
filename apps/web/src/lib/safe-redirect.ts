import { toSitePath } from '@ember/contracts/site-path';

/**
 * `raw` as a path on this site ("/vip?x=1#y"), or null when it is anything else: absolute or
 * protocol-relative URLs, backslash tricks, other schemes (@ember/contracts/site-path, which the
 * server's sign-in start uses too). This is what keeps redirects after sign-in from becoming an open
 * redirect.
 */
export function toSameOriginPath(raw: string | null | undefined): string | null {
  return toSitePath(raw);
}
