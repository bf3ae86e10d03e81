import { DEFAULT_NUMBER_LOCALE, NUMBER_LOCALE_META, numberLocaleOf } from '@ember/contracts/format';

// One locale per document for every number the web shows (decision 0011, amendment): a page the
// server rendered names the locale it wrote its numbers in (<meta name="number-locale">, chosen
// from the request's Accept-Language); any other page uses the browser's languages, which are what
// the browser sends as Accept-Language. The server's render and the browser's first render
// therefore write the same text, and hydration matches.

let documentLocale: string | undefined;
let source: (() => string) | null = null;

function readDocumentLocale(): string {
  if (typeof document === 'undefined') return DEFAULT_NUMBER_LOCALE;
  const rendered = document.querySelector(`meta[name="${NUMBER_LOCALE_META}"]`)?.getAttribute('content');
  if (rendered) return numberLocaleOf([rendered]);
  if (typeof navigator === 'undefined') return DEFAULT_NUMBER_LOCALE;
  return numberLocaleOf(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** The locale numbers are written in on this page ('en-US', 'de-DE', ...). */
export function displayLocale(): string {
  if (source) return source();
  documentLocale ??= readDocumentLocale();
  return documentLocale;
}

/**
 * Where the locale comes from instead of the document: the server's renderer (one locale per
 * render) and tests. `null` goes back to the document's.
 */
export function setDisplayLocaleSource(next: (() => string) | null): void {
  source = next;
  documentLocale = undefined;
}
