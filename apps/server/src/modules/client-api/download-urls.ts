import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The server's own short-lived download links (when the blob store cannot presign one): an
 * HMAC-SHA256 over the artifact, the user it was given to and the expiry, with a key derived from
 * JWT_SECRET (HKDF, its own label), so no token travels in the URL and a link cannot be widened.
 */
/** The only spelling url() writes: `Number()` also reads `0x1f`, `1e3`, ` 7`, `+7` and `007` as numbers. */
const CANONICAL_DECIMAL = /^(0|[1-9][0-9]{0,15})$/;

const canonicalNumber = (text: string | undefined): number | null =>
  text !== undefined && CANONICAL_DECIMAL.test(text) && Number.isSafeInteger(Number(text))
    ? Number(text)
    : null;

export function createDownloadUrls(deps: { secret: string; baseUrl: string; clock: () => Date }) {
  const key = Buffer.from(hkdfSync('sha256', deps.secret, '', 'ember client download urls', 32));
  const mac = (sha256: string, userId: number, expires: number) =>
    createHmac('sha256', key).update(`${sha256}\n${userId}\n${expires}`).digest('base64url');

  return {
    url(sha256: string, userId: number, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({ user: String(userId), expires: String(expires) });
      query.set('signature', mac(sha256, userId, expires));
      return `${deps.baseUrl}/blobs/${sha256}?${query}`;
    },

    /** Whether the link is ours, unaltered and not expired. */
    verify(sha256: string, query: { user?: string; expires?: string; signature?: string }): boolean {
      const userId = canonicalNumber(query.user);
      const expires = canonicalNumber(query.expires);
      if (userId === null || expires === null || !query.signature) return false;
      if (expires * 1000 <= deps.clock().getTime()) return false;
      const expected = Buffer.from(mac(sha256, userId, expires));
      const given = Buffer.from(query.signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type DownloadUrls = ReturnType<typeof createDownloadUrls>;
