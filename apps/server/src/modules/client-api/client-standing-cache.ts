import type { StandingFeed, StandingReceiver } from './client-standing-feed.ts';

/**
 * What a client token's check read, kept per token hash in this process (decision 0044) while the
 * database's notifications of every change to it can be heard. Bounded: past `maxEntries` the
 * earliest kept go first.
 *
 * An entry is answered only after `feed.sync()`: every change committed before the call has been
 * heard (and has dropped what it changed) by then. A read under way when anything is heard is not
 * kept (it may predate that change). While nothing can be heard, nothing is kept and every call
 * reads: exactly the read of before.
 */
export function createStandingCache<Row extends { userId: number }>(maxEntries: number) {
  const rows = new Map<string, Row>();
  const keysOfUser = new Map<number, Set<string>>();
  let hearing = false;
  /** Moves whenever something is heard or lost: a read that started before it is not kept. */
  let epoch = 0;
  let feed: StandingFeed | null = null;

  const dropUser = (userId: number) => {
    for (const key of keysOfUser.get(userId) ?? []) rows.delete(key);
    keysOfUser.delete(userId);
  };
  const dropAll = () => {
    rows.clear();
    keysOfUser.clear();
  };

  function keep(key: string, row: Row) {
    rows.set(key, row);
    let keys = keysOfUser.get(row.userId);
    if (!keys) {
      keys = new Set();
      keysOfUser.set(row.userId, keys);
    }
    keys.add(key);
    if (rows.size <= maxEntries) return;
    const [oldestKey, oldest] = rows.entries().next().value ?? [];
    if (oldestKey === undefined || !oldest) return;
    rows.delete(oldestKey);
    keysOfUser.get(oldest.userId)?.delete(oldestKey);
  }

  const receiver: StandingReceiver = {
    changed(payload) {
      epoch++;
      if (payload === '*') dropAll();
      else for (const id of payload.split(',')) dropUser(Number(id));
    },
    lost() {
      epoch++;
      hearing = false;
      dropAll();
    },
    listening() {
      epoch++;
      dropAll();
      hearing = true;
    },
  };

  return {
    receiver,
    /** Connects the feed that tells this cache (its stop is the caller's). */
    listenTo(next: StandingFeed) {
      feed = next;
    },
    /** Whether entries are kept now (changes are heard). */
    get hearing() {
      return hearing;
    },
    get size() {
      return rows.size;
    },
    /** The kept row of `key` when it is up to date with every change committed before this call, else `load()`'s. */
    async get(key: string, load: () => Promise<Row | null>): Promise<Row | null> {
      if (hearing && feed && rows.has(key) && (await feed.sync())) {
        const kept = rows.get(key);
        if (kept) return kept;
      }
      const startedAt = epoch;
      const row = await load();
      if (row && hearing && epoch === startedAt) keep(key, row);
      return row;
    },
  };
}

export type StandingCache<Row extends { userId: number }> = ReturnType<typeof createStandingCache<Row>>;
