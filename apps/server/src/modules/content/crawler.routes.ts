import { Readable } from 'node:stream';
import { nonPublicPagePrefixes, PAGE_ROUTES, PUBLIC_PAGES } from '@ember/contracts/page-routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import { declareRoutes } from '../../plugins/define-route.ts';

/** The sitemap protocol's limit of addresses per file; a larger sitemap is an index of numbered files. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** What the sitemap reads from the catalog (PlanCatalogService): the plans on sale, in pages. */
export interface SitemapSource {
  sitemapSummary(): Promise<{ total: number; lastModified: Date | null }>;
  plansOnSale(position: number, count: number): AsyncIterable<{ id: number; updatedAt: Date }[]>;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? '');

/** The public pages without a parameter ('/', '/shop', '/tos', ...); plan pages come from the catalog. */
const PUBLIC_PAGE_PATHS = PUBLIC_PAGES.map((name) => PAGE_ROUTES[name]).filter(
  (pattern) => !pattern.includes(':'),
);

const planPath = (id: number) => PAGE_ROUTES.plan.replace(':id', String(id));

/**
 * robots.txt and sitemap.xml (issue 26, decision 0031). robots.txt names the sitemap and keeps
 * crawlers out of the API and of every page that is not public (derived from the shared page list,
 * @ember/contracts/page-routes). The sitemap lists the public pages and every plan on sale with its
 * last change, streamed from the database a page of plans at a time; beyond `urlsPerFile` addresses
 * it is an index of numbered files. Answers carry a validator (ETag) from the number of plans on sale
 * and their latest change, which the catalog keeps until its next change in this process.
 */
export const crawlerRoutes: FastifyPluginAsyncZod<{
  /** The site's own address (PUBLIC_URL, no trailing slash): sitemaps hold absolute addresses. */
  publicUrl: string;
  /** The API bases (identity, shop, commerce, admin, client): never crawled. */
  apiBases: readonly string[];
  sitemap: SitemapSource;
  urlsPerFile?: number;
}> = async (app, { publicUrl, apiBases, sitemap, urlsPerFile = SITEMAP_URLS_PER_FILE }) => {
  const route = declareRoutes(app);

  const disallowed = [
    ...new Set(['/api/', ...apiBases.map((base) => `${base.replace(/\/$/, '')}/`)]),
    ...nonPublicPagePrefixes(),
  ].filter(
    (prefix, index, all) =>
      !all.some((other, at) => at !== index && prefix.startsWith(other) && other !== prefix),
  );
  const robots = [
    'User-agent: *',
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

  route.get(
    '/robots.txt',
    {
      access: 'public',
      hide: true,
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  const absolute = (path: string) => escapeXml(`${publicUrl}${path}`);
  const lastmod = (date: Date | null) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : '');

  /** The addresses of file `file` (1 first): the public pages open the first file, then the plans in id order. */
  async function* urlset(file: number, lastModified: Date | null) {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    const first = (file - 1) * urlsPerFile;
    const pages = PUBLIC_PAGE_PATHS.slice(first, first + urlsPerFile);
    if (pages.length > 0) {
      yield pages
        .map(
          (path) =>
            `<url><loc>${absolute(path)}</loc>${path === PAGE_ROUTES.shop ? lastmod(lastModified) : ''}</url>\n`,
        )
        .join('');
    }
    const planPosition = Math.max(0, first - PUBLIC_PAGE_PATHS.length);
    for await (const plans of sitemap.plansOnSale(planPosition, urlsPerFile - pages.length)) {
      yield plans
        .map((plan) => `<url><loc>${absolute(planPath(plan.id))}</loc>${lastmod(plan.updatedAt)}</url>\n`)
        .join('');
    }
    yield '</urlset>\n';
  }

  function* sitemapIndex(files: number, lastModified: Date | null) {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    for (let file = 1; file <= files; file++) {
      yield `<sitemap><loc>${absolute(`/sitemap-${file}.xml`)}</loc>${lastmod(lastModified)}</sitemap>\n`;
    }
    yield '</sitemapindex>\n';
  }

  /** Answers one sitemap document: 304 when the client's copy is current, else streamed. */
  async function answer(request: FastifyRequest, reply: FastifyReply, file: number | 'main') {
    const summary = await sitemap.sitemapSummary();
    const files = Math.max(1, Math.ceil((PUBLIC_PAGE_PATHS.length + summary.total) / urlsPerFile));
    if (file !== 'main' && file > files) throw new NotFound(`No sitemap file ${file}.`);
    const etag = `W/"sitemap-${file}-${files}-${summary.total}-${summary.lastModified?.getTime() ?? 0}"`;
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const body =
      file === 'main' && files > 1
        ? sitemapIndex(files, summary.lastModified)
        : urlset(file === 'main' ? 1 : file, summary.lastModified);
    return reply.send(Readable.from(body));
  }

  route.get(
    '/sitemap.xml',
    {
      access: 'public',
      hide: true,
    },
    (request, reply) => answer(request, reply, 'main'),
  );

  route.get(
    '/sitemap-:file(^\\d{1,6}).xml',
    {
      access: 'public',
      hide: true,
      params: z.object({ file: z.coerce.number().int().min(1) }),
    },
    (request, reply) => answer(request, reply, request.params.file),
  );
};
