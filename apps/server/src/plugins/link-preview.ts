import { matchPageRoute, PAGE_ROUTES, parsePlanId } from '@ember/contracts/page-routes';
import { markdownToPlainText, truncateText, withoutLeadingTitle } from '@ember/contracts/plain-text';
import { NotFound } from '../lib/errors.ts';

/** What a chat platform or social site shows for a pasted link (Open Graph and Twitter card tags). */
export interface LinkPreview {
  siteName: string;
  title: string;
  description: string;
  /** Absolute URLs: crawlers do not resolve relative ones. */
  url: string;
  imageUrl: string;
}

/** The fields of a listed plan a preview needs; null when there is no such listed plan. */
export interface PreviewPlan {
  name: string;
  description: string;
  imageUrl: string | null;
}

/** For `findPlan`: a plan that is missing, hidden or disabled has no preview of its own. */
export function nullWhenNotFound(error: unknown): null {
  if (error instanceof NotFound) return null;
  throw error;
}

/** A raster picture (unfurlers skip SVG) shipped with the web app. */
export const DEFAULT_PREVIEW_IMAGE = '/media/hero-poster.jpg';

function absoluteHttpUrl(value: string | null, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, `${base}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function planIdOf(pathname: string): number | null {
  return parsePlanId(matchPageRoute(PAGE_ROUTES.plan, pathname)?.id);
}

export function createLinkPreviews(deps: {
  publicUrl: string;
  brandName: string;
  tagline: string;
  findPlan: (id: number) => Promise<PreviewPlan | null>;
}) {
  const { publicUrl, brandName, tagline } = deps;
  const defaultImage = absoluteHttpUrl(DEFAULT_PREVIEW_IMAGE, publicUrl) ?? '';

  /**
   * The preview of a page: its plan's for `/shop/{id}` of a listed plan, the site's otherwise.
   * `renderedPlan`: the plan a rendered page was drawn from (its preview reads no plan again).
   */
  return async function previewOf(pathname: string, renderedPlan?: PreviewPlan | null): Promise<LinkPreview> {
    const url = absoluteHttpUrl(pathname, publicUrl) ?? publicUrl;
    const site: LinkPreview = {
      siteName: brandName,
      title: brandName,
      description: tagline,
      url,
      imageUrl: defaultImage,
    };
    const planId = planIdOf(pathname);
    const plan = planId === null ? null : (renderedPlan ?? (await deps.findPlan(planId)));
    if (!plan) return site;
    const description = truncateText(markdownToPlainText(withoutLeadingTitle(plan.description, plan.name)));
    return {
      ...site,
      title: plan.name,
      description: description || tagline,
      imageUrl: absoluteHttpUrl(plan.imageUrl, publicUrl) ?? defaultImage,
    };
  };
}

export function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The `<meta>` tags of a preview, every value escaped. */
export function linkPreviewTags(preview: LinkPreview): string {
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', preview.siteName],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['property', 'og:image', preview.imageUrl],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', preview.imageUrl],
  ];
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`)
    .join('\n');
}
