import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The server's own short-lived download links (when the blob store cannot presign one): an
 * HMAC-SHA256 over the artifact, the user it was given to and the expiry, with a key derived from
 * JWT_SECRET (HKDF, its own label), so no token travels in the URL and a link cannot be widened.
 */
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
      const userId = Number(query.user);
      const expires = Number(query.expires);
      if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(expires) || !query.signature) return false;
      if (expires * 1000 <= deps.clock().getTime()) return false;
      const expected = Buffer.from(mac(sha256, userId, expires));
      const given = Buffer.from(query.signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type DownloadUrls = ReturnType<typeof createDownloadUrls>;
