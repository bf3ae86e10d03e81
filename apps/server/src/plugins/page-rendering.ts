import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_RENDER_STATE_ELEMENT_ID } from '@ember/contracts/constants';
import type { PageRendererModule, RendererOutput } from '@ember/contracts/page-rendering';
import type { PublicConfig } from '@ember/contracts/public-config';
import type { FastifyInstance } from 'fastify';
import { escapeAttribute } from './link-preview.ts';

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
}

const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

/** JSON inside a <script> must not be able to close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

function prepare({ html, state, title }: RendererOutput): RenderedPage {
  const links = LEADING_LINKS.exec(html)?.[0] ?? '';
  const stateScript = `<script id="${SERVER_RENDER_STATE_ELEMENT_ID}" type="application/json">${jsonForScript(state)}</script>`;
  return {
    head: `${links}${stateScript}`,
    markup: html.slice(links.length),
    title: title ? `<title>${escapeAttribute(title)}</title>` : null,
  };
}

/** Renders a guest's page for a visitor, whose address its reads are counted against (rate limits). */
export type PageRenderer = (url: string, clientIp: string) => Promise<RenderedPage | null>;

/** The renderer the web build writes next to its browser bundle (`vite build --ssr`). */
export function pageRendererFileOf(distDir: string): string {
  return path.join(distDir, '..', 'dist-server', 'entry-server.js');
}

/**
 * Loads the web's page renderer, or null when the build has none (a test fixture, an older build).
 * Its API reads are answered by this server in-process (`inject`), as the browser's own reads would
 * be: through the same access rules and response cache, counted against the visitor's address.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  options: { rendererFile: string; config: PublicConfig },
): Promise<PageRenderer | null> {
  if (!existsSync(options.rendererFile)) return null;
  const module = (await import(pathToFileURL(options.rendererFile).href)) as PageRendererModule;
  const visitor = new AsyncLocalStorage<string>();

  const answerFromThisServer: typeof fetch = async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET')
      throw new Error(`A page render may only read (it asked ${method} ${String(input)}).`);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
      remoteAddress: visitor.getStore() ?? '127.0.0.1',
    });
    const contentType = answer.headers['content-type'];
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };

  const render = module.createPageRenderer({ config: options.config, fetch: answerFromThisServer });
  return async (url, clientIp) => {
    const output = await visitor.run(clientIp, () => render(url));
    return output && prepare(output);
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
