import { COOKIE_DEFAULT_DAYS } from '@ember/contracts/constants';

export interface CookieOptions {
  /** Lifetime in days (spec §9 generic cookie: 1 day). */
  days?: number;
}

const DAY_SECONDS = 86_400;

/** The value of a cookie the page may read (not HttpOnly), or null. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Sets a cookie with the spec's generic defaults: 1 day, path /, SameSite=Lax (Secure on https). */
export function writeCookie(
  name: string,
  value: string,
  { days = COOKIE_DEFAULT_DAYS }: CookieOptions = {},
): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the one cookie writer; the async Cookie Store API is not in every browser yet.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(days * DAY_SECONDS)}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
