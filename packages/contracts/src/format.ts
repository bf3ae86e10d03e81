import type { Currency } from './enums.ts';

/**
 * The locale amounts are written in when none is given: what the server writes into exports,
 * receipts and payment pages, and the fallback for a visitor whose languages name no locale.
 */
export const DEFAULT_NUMBER_LOCALE = 'en-US';

/** `<meta name="number-locale">`: the locale a server-rendered page's numbers were written in. */
export const NUMBER_LOCALE_META = 'number-locale';

/**
 * The visitor's locale for numbers, from an Accept-Language header (or the browser's
 * `navigator.languages`): the preferred tag that Intl knows, in canonical form; else en-US.
 * The server renders a guest's page with it and the browser formats with the same one, so the
 * first render in the browser writes the same text as the server's (decision 0011, amendment).
 */
export function numberLocaleOf(languages: string | readonly string[] | null | undefined): string {
  const tags =
    typeof languages === 'string'
      ? languages
          .split(',')
          .map((part, index) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
            return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
          })
          .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
          .sort((a, b) => b.q - a.q || a.index - b.index)
          .map((entry) => entry.tag)
      : (languages ?? []);
  for (const tag of tags) {
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf(tag);
      if (supported) return Intl.getCanonicalLocales(supported)[0] ?? DEFAULT_NUMBER_LOCALE;
    } catch {
      // Not a language tag at all: try the next one.
    }
  }
  return DEFAULT_NUMBER_LOCALE;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, kind: 'whole' | 'euro' | 'gp'): Intl.NumberFormat {
  const key = `${kind} ${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      locale,
      kind === 'whole'
        ? { maximumFractionDigits: 0 }
        : kind === 'euro'
          ? { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }
          : { maximumFractionDigits: 2 },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Credits (and any count) are whole units with thousands separators: 12345 -> "12,345" (en-US). */
export function formatCredits(credits: number, locale: string = DEFAULT_NUMBER_LOCALE): string {
  return formatterOf(locale, 'whole').format(credits);
}

/** EUR minor units with two decimals: 1500 -> "€15.00" (en-US), "15,00 €" (de-DE). */
export function formatEuroCents(cents: number, locale: string = DEFAULT_NUMBER_LOCALE): string {
  return formatterOf(locale, 'euro').format(cents / 100);
}

const GP_STEPS = [
  { value: 1_000_000_000, suffix: 'B' },
  { value: 1_000_000, suffix: 'M' },
  { value: 1_000, suffix: 'K' },
] as const;

/** GP is never divided; it is abbreviated with K, M, B to two decimals: 1_250_000 -> "1.25M". */
export function formatGp(amount: number, locale: string = DEFAULT_NUMBER_LOCALE): string {
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  for (const step of GP_STEPS) {
    if (abs >= step.value) {
      // Cut (never round up) to two decimals: 2,999,999 is 2.99M, not 3M.
      const scaled = Math.trunc(Number(((abs / step.value) * 100).toFixed(9))) / 100;
      return `${sign}${formatterOf(locale, 'gp').format(scaled)}${step.suffix}`;
    }
  }
  return `${sign}${formatterOf(locale, 'whole').format(abs)}`;
}

/** One entry point for every amount shown to a user. */
export function formatAmount(
  amount: number,
  currency: Currency,
  locale: string = DEFAULT_NUMBER_LOCALE,
): string {
  switch (currency) {
    case 'EUR':
      return formatEuroCents(amount, locale);
    case 'GP':
      return `${formatGp(amount, locale)} GP`;
    case 'CREDITS':
      return `${formatCredits(amount, locale)} credits`;
  }
}
