import { describe, expect, it } from 'vitest';
import { createStandingCache } from './client-standing-cache.ts';

interface Row {
  userId: number;
  held: boolean;
}

/** A cache with a feed the test drives: whether a round trip succeeds, and what is heard during it. */
function setUp(maxEntries = 10) {
  const cache = createStandingCache<Row>(maxEntries);
  const database = new Map<string, Row>();
  let reads = 0;
  const feed = {
    answers: true,
    /** Heard during the next round trip (a change committed just before the call). */
    pending: [] as string[],
    async sync() {
      for (const payload of feed.pending.splice(0)) cache.receiver.changed(payload);
      return feed.answers;
    },
    stop: async () => {},
  };
  cache.listenTo(feed);
  const check = (key: string) =>
    cache.get(key, async () => {
      reads++;
      const row = database.get(key);
      return row ? { ...row } : null;
    });
  return { cache, database, feed, check, reads: () => reads };
}

describe('the client standing cache', () => {
  it('keeps nothing until it hears, then answers a kept check with no read', async () => {
    const { cache, database, check, reads } = setUp();
    database.set('a', { userId: 1, held: false });
    await check('a');
    await check('a');
    expect(reads()).toBe(2);
    cache.receiver.listening();
    await check('a');
    await check('a');
    await check('a');
    expect(reads()).toBe(3);
  });

  it('applies a change heard during the round trip before answering', async () => {
    const { cache, database, feed, check } = setUp();
    cache.receiver.listening();
    database.set('a', { userId: 1, held: false });
    database.set('b', { userId: 2, held: false });
    await check('a');
    await check('b');
    database.set('a', { userId: 1, held: true });
    feed.pending.push('1');
    expect(await check('a')).toEqual({ userId: 1, held: true });
    database.set('b', { userId: 2, held: true });
    feed.pending.push('*');
    expect(await check('b')).toEqual({ userId: 2, held: true });
  });

  it('reads when the round trip fails, and keeps nothing once the feed is lost', async () => {
    const { cache, database, feed, check, reads } = setUp();
    cache.receiver.listening();
    database.set('a', { userId: 1, held: false });
    await check('a');
    feed.answers = false;
    database.set('a', { userId: 1, held: true });
    expect(await check('a')).toEqual({ userId: 1, held: true });
    feed.answers = true;
    cache.receiver.lost();
    expect(cache.size).toBe(0);
    await check('a');
    await check('a');
    expect(reads()).toBe(4);
    expect(cache.hearing).toBe(false);
  });

  it('does not keep a read that was under way when a change was heard', async () => {
    const { cache } = setUp();
    cache.receiver.listening();
    let release: () => void = () => {};
    const slowRead = cache.get('a', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { userId: 1, held: false };
    });
    cache.receiver.changed('1');
    release();
    await slowRead;
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, the earliest kept going first', async () => {
    const { cache, database, check, reads } = setUp(2);
    cache.receiver.listening();
    for (const key of ['a', 'b', 'c']) database.set(key, { userId: key.charCodeAt(0), held: false });
    await check('a');
    await check('b');
    await check('c');
    expect(cache.size).toBe(2);
    await check('c');
    await check('a');
    expect(reads()).toBe(4);
  });
});
