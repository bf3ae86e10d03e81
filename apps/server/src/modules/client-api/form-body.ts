import type { FastifyInstance } from 'fastify';

/**
 * RFC 8628 clients send form-encoded bodies (`application/x-www-form-urlencoded`). Parsed here, for
 * the client API only, into a plain object of strings (a repeated field keeps its last value).
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
