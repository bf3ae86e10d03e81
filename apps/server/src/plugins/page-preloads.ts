import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { firstShopReads } from '@ember/contracts/page-preloads';
import { pageRouteNameOf } from '@ember/contracts/page-routes';
import { escapeAttribute } from './link-preview.ts';

/** dist/route-preloads.json, written by the web build (apps/web/dev/route-preloads.ts). */
export interface RoutePreload {
  scripts: string[];
  styles: string[];
  images: string[];
}
export type RoutePreloads = Partial<Record<string, RoutePreload>>;

const FILE = 'route-preloads.json';

/** The web build's preload table; empty when the build has none (an older build, a test fixture). */
export function readRoutePreloads(distDir: string): RoutePreloads {
  const file = path.join(distDir, FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads) : {};
}

/**
 * The `<link>` tags that let a page's own chunks, stylesheets, largest image and first API reads
 * download alongside the entry script instead of after it. Without a session only: a signed-in
 * browser sends its bearer token with every API call, so a credentialed preload would not be used.
 */
export function pagePreloadTags(options: {
  preloads: RoutePreloads;
  pathname: string;
  search: string;
  shopApiBase: string;
  hasSession: boolean;
  /** The server rendered the page: its stylesheets must apply to the first paint, and its reads are in the HTML. */
  rendered?: boolean;
}): string {
  const route = pageRouteNameOf(options.pathname);
  const preload = route ? options.preloads[route] : undefined;
  const tags = [
    ...(preload?.images ?? []).map(
      (href) => `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`,
    ),
    ...(preload?.styles ?? []).map((href) =>
      options.rendered
        ? `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`
        : `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
    ),
    // A rendered page paints without its scripts; they load when the entry hydrates it, after the
    // first paint, instead of sharing the bandwidth with the stylesheets and pictures of that paint.
    ...(options.rendered ? [] : (preload?.scripts ?? [])).map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ];
  if (!options.hasSession && !options.rendered) {
    const base = options.shopApiBase.replace(/\/$/, '');
    for (const read of firstShopReads(options.pathname, options.search)) {
      tags.push(
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(base + read)}">`,
      );
    }
  }
  return tags.join('\n');
}
