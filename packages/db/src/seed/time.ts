const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Demo dates are relative to the seed's `now`, so "active" and "expired" stay true whenever it runs. */
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
export const addHours = (date: Date, hours: number) => new Date(date.getTime() + hours * HOUR_MS);
export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE_MS);
