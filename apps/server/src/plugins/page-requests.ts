import path from 'node:path';
import { isPageRoute } from '@ember/contracts/page-routes';
import type { FastifyRequest } from 'fastify';

export function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';
const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** A page address: GET or HEAD, outside the API, without a file extension (assets have one). */
export function isPageRequest(request: FastifyRequest): boolean {
  if (!isRead(request)) return false;
  const pathname = pathnameOf(request);
  return !isApi(pathname) && path.extname(pathname) === '';
}

const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * A browser opening an address outside the API (Accept: text/html), whatever its path: `/faq.html`
 * too. When nothing answers it, it gets the store's 404 page, never a JSON body (issue 26, item 14);
 * a script, a stylesheet or an API client asking for the same address still gets `{ message }`.
 */
export function isHtmlNavigation(request: FastifyRequest): boolean {
  return isRead(request) && !isApi(pathnameOf(request)) && acceptsHtml(request);
}

/**
 * Who gets an HTML error page rather than `{ message }`: an address of the web app's pages, or a
 * browser navigating (Accept: text/html) to any other page-like address outside the API.
 */
export function wantsHtmlPage(request: FastifyRequest): boolean {
  if (!isPageRequest(request)) return false;
  return isPageRoute(pathnameOf(request)) || acceptsHtml(request);
}

/**
 * A file of the built web app or the HTML of one of its pages: cacheable and cheap, so not counted
 * against any rate limit (issue 24, item 12: a cold /shop made 44 requests). Unknown page addresses
 * (the 404 page), /healthz and every API call still count.
 */
export function isAssetOrPageHtml(request: FastifyRequest): boolean {
  if (!isRead(request)) return false;
  const pathname = pathnameOf(request);
  if (isApi(pathname)) return false;
  return path.extname(pathname) !== '' || isPageRoute(pathname);
}
