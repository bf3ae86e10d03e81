import { deleteCookie, writeCookie } from '../lib/cookies.ts';

/** Sets the cookies a test starts with (what the server would have set). */
export function setCookies(cookies: Record<string, string>): void {
  for (const [name, value] of Object.entries(cookies)) writeCookie(name, value, { days: 30 });
}

/** Removes every cookie the page can see. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
}
