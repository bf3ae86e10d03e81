import { useSyncExternalStore } from 'react';
import { formatLongDate, formatTimeAgo } from '../../lib/format/dates.ts';

const MINUTE_MS = 60_000;
const noSubscription = () => () => {};
const currentMinute = () => Math.floor(Date.now() / MINUTE_MS);

/**
 * "3 days ago" (decision 0039's language), the date itself on hover. A server-rendered page is a
 * function of its data (decision 0046) and is kept, so the server and the hydrating browser write
 * the date in UTC and the browser then says how long ago it is in its own clock.
 */
export function TimeAgo({ iso }: { iso: string }) {
  const minute = useSyncExternalStore(noSubscription, currentMinute, () => null);
  return (
    <time dateTime={iso} title={minute === null ? undefined : formatLongDate(iso)}>
      {minute === null ? formatLongDate(iso, 'UTC') : formatTimeAgo(iso, new Date(minute * MINUTE_MS))}
    </time>
  );
}

/** '17 December 2026' in the reader's time zone, in UTC on the server and while the page hydrates. */
export function ReaderDate({ iso }: { iso: string }) {
  const minute = useSyncExternalStore(noSubscription, currentMinute, () => null);
  return <time dateTime={iso}>{formatLongDate(iso, minute === null ? 'UTC' : undefined)}</time>;
}
