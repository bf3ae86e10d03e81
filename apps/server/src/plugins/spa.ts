import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PublicConfig } from '@ember/contracts/public-config';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const CONFIG_PLACEHOLDER = '<!--APP_CONFIG-->';

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Web app not built</title>' +
  '<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>).</p>';

/** JSON inside a <script> must not be able to close the tag. */
function embedConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  return html.replace(CONFIG_PLACEHOLDER, json);
}

function wantsHtmlPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname.startsWith('/api/') || path.extname(pathname) !== '') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (with the runtime config
 * embedded) for every page route so client-side routing works on reload. Everything else that
 * matches no route gets the JSON 404.
 */
export async function registerSpa(app: FastifyInstance, options: { distDir: string; config: PublicConfig }) {
  const indexPath = path.join(options.distDir, 'index.html');
  const built = existsSync(indexPath);
  const indexHtml = built ? embedConfig(readFileSync(indexPath, 'utf8'), options.config) : NOT_BUILT_PAGE;

  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    if (wantsHtmlPage(request)) return sendIndex(reply);
    const pathname = request.url.split('?')[0];
    return reply.status(404).send({ message: `Nothing here: ${request.method} ${pathname}` });
  });
}
