const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'January 5, 2025' in the visitor's locale. */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** 'Jan 5, 2025, 3:04 PM' in the visitor's locale. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const monthYear = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A `YYYY-MM` month (UTC) as month-year in the visitor's locale: 'Jan 2026'. */
export function formatMonthYear(month: string): string {
  return monthYear.format(new Date(`${month}-01T00:00:00Z`));
}

const longWithZone = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'long',
  timeStyle: 'long',
});

/** A long date and time with the time zone (spec §2 Subscriptions table): 'January 5, 2025 at 3:04:00 PM UTC'. */
export function formatLongDateTimeWithZone(iso: string): string {
  return longWithZone.format(new Date(iso));
}
