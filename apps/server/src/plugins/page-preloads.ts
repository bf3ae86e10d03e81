import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { firstShopReads, pageRouteNameOf } from '@ember/contracts/page-preloads';
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
}): string {
  const route = pageRouteNameOf(options.pathname);
  const preload = route ? options.preloads[route] : undefined;
  const tags = [
    ...(preload?.images ?? []).map(
      (href) => `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`,
    ),
    ...(preload?.styles ?? []).map(
      (href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
    ),
    ...(preload?.scripts ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ];
  if (!options.hasSession) {
    const base = options.shopApiBase.replace(/\/$/, '');
    for (const read of firstShopReads(options.pathname, options.search)) {
      tags.push(
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(base + read)}">`,
      );
    }
  }
  return tags.join('\n');
}
