import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_RENDER_STATE_ELEMENT_ID } from '@ember/contracts/constants';
import { UI_LOCALE } from '@ember/contracts/format';
import { type PageAnswer, type PageRead, pageReadsOf } from '@ember/contracts/page-reads';
import type { PageRendererModule, RendererOutput } from '@ember/contracts/page-rendering';
import { renderedRouteOf } from '@ember/contracts/page-routes';
import type { PublicConfig } from '@ember/contracts/public-config';
import { escapeAttribute, type PreviewPlan } from './link-preview.ts';

/**
 * A rendered page (the renderer's `RendererOutput`, @ember/contracts/page-rendering) as it goes into
 * index.html, prepared once: a kept page is served many times.
 * `head` holds the `<link>` preloads React puts first in the markup (the page's images: in <head>
 * the browser finds them before the body) and the API answers as a JSON script.
 */
export interface RenderedPage {
  head: string;
  markup: string;
  /** `<title>…</title>`, when the page set one. */
  title: string | null;
  /** The plan the page was rendered from (a plan page), which its link preview shows: read once. */
  plan: PreviewPlan | null;
}

const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

/** JSON inside a <script> must not be able to close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

function planOf(answers: readonly PageAnswer[]): PreviewPlan | null {
  for (const answer of answers) if (answer.read === 'plan') return answer.data;
  return null;
}

function prepare({ html, state, title }: RendererOutput, answers: readonly PageAnswer[]): RenderedPage {
  const links = LEADING_LINKS.exec(html)?.[0] ?? '';
  const stateScript = `<script id="${SERVER_RENDER_STATE_ELEMENT_ID}" type="application/json">${jsonForScript(state)}</script>`;
  return {
    head: `${links}${stateScript}`,
    markup: html.slice(links.length),
    title: title ? `<title>${escapeAttribute(title)}</title>` : null,
    plan: planOf(answers),
  };
}

/** The answers of a page's reads, or null when its plan is not on sale (the catalog's `pageReads`). */
export type ReadPage = (reads: readonly PageRead[]) => Promise<PageAnswer[] | null>;

/** Renders a guest's page: null when the server does not render it (no such page, a missing plan). */
export type PageRenderer = (url: string) => Promise<RenderedPage | null>;

/** The renderer the web build writes next to its browser bundle (`vite build --ssr`). */
export function pageRendererFileOf(distDir: string): string {
  return path.join(distDir, '..', 'dist-server', 'entry-server.js');
}

/**
 * Loads the web's page renderer, or null when the build has none (a test fixture, an older build).
 * A render is a function of its data (decision 0046): the page's reads (@ember/contracts/page-reads)
 * are answered by `readPage` in-process, then the renderer is handed the answers, the public config
 * and the UI's locale. Nothing is installed into the renderer's module.
 */
export async function loadPageRenderer(options: {
  rendererFile: string;
  config: PublicConfig;
  readPage: ReadPage;
}): Promise<PageRenderer | null> {
  if (!existsSync(options.rendererFile)) return null;
  const { render } = (await import(pathToFileURL(options.rendererFile).href)) as PageRendererModule;
  return async (url) => {
    const { pathname, search } = new URL(url, 'http://render.invalid');
    const route = renderedRouteOf(pathname);
    if (!route) return null;
    const answers = await options.readPage(pageReadsOf(route, search));
    if (!answers) return null;
    const output = await render({ url, state: answers, config: options.config, locale: UI_LOCALE });
    return output && prepare(output, answers);
  };
}

/** The entry script as Vite writes it into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** apps/web/public/load-after-paint.js: loads the entry after the first frame. */
const LOAD_AFTER_PAINT = '/load-after-paint.js';

/**
 * index.html with a rendered page in #root, its head tags and title (read by the web's main.tsx,
 * which then hydrates). The page paints without its code, so the entry script is fetched after the
 * first frame: until then the stylesheets and the largest picture have the connection to themselves.
 */
export function withRenderedPage(indexHtml: string, page: RenderedPage): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, (tag) => page.title ?? tag)
    .replace(
      ENTRY_SCRIPT,
      (_tag, src: string) => `<script defer src="${LOAD_AFTER_PAINT}" data-entry="${src}"></script>`,
    )
    .replace('</head>', () => `${page.head}\n</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.markup}</div>`);
}
