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
