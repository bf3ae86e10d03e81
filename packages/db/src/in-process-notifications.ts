import { PGlite } from '@electric-sql/pglite';
import type { HandedDb } from './types.ts';

/**
 * LISTENs on a PGlite database opened in this very process (tests build apps on one): PGlite is one
 * session, so a notification reaches `onPayload` as the transaction that sent it commits, before
 * that commit resolves. Null when `db` is no such handle (PostgreSQL, or the embedded database
 * served over the wire, whose one session a LISTEN would hold). Resolves to the stop.
 */
export async function listenInProcess(
  db: HandedDb,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<(() => Promise<void>) | null> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return null;
  const unlisten = await client.listen(channel, onPayload);
  return () => unlisten();
}
