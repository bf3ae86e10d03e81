import pg from 'pg';
import { type AlternatedResult, type LoadTarget, median, runAlternated } from './bench-load.ts';

/**
 * The long tail of the shop (issue 21): requests drawn at random, per request, from thousands of
 * distinct search URLs and deep pages, so that no response cache can answer them. The URL lists
 * come from a fixed seed, so a run before and a run after a change send the same requests.
 */
const SHOP = '/api/shop';
const SEARCHES = 3_000;
const DEEP_PAGES = 2_000;
const SORTS = ['name', 'id', 'createdAt', 'popular', 'price'].flatMap((key) => [`${key},asc`, `${key},desc`]);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** mulberry32: a small seeded generator, so the URL lists are the same in every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] as T };
}

export interface LongTailUrls {
  searches: string[];
  deepPages: string[];
}

/**
 * ≥ 3,000 distinct searches: 1 to 5 letters (two in three cut from a listed plan's name, the rest
 * random letters and digits, which are often sparse or empty), every sort, pages 0 to 10, one in
 * five with one or two labels, one in ten with a developer; and ≥ 2,000 distinct unfiltered pages
 * anywhere in the list, every sort.
 */
export async function longTailUrls(databaseUrl: string, size = 25): Promise<LongTailUrls> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let names: string[];
  let owners: string[];
  let listed: number;
  try {
    names = (
      await client.query<{ name: string }>(
        'select lower(name) as name from plans where on_sale and id % 97 = 3 order by id limit 1000',
      )
    ).rows.map((row) => row.name);
    owners = (
      await client.query<{ discord_id: string }>(
        `select u.discord_id from users u where u.id in (select owner_id from plans where on_sale)
         order by u.id limit 200`,
      )
    ).rows.map((row) => row.discord_id);
    listed = Number(
      (await client.query<{ n: string }>('select count(*) as n from plans where on_sale')).rows[0]?.n ?? 0,
    );
  } finally {
    await client.end();
  }
  const random = seeded(21);
  const searches = new Set<string>();
  while (searches.size < SEARCHES) {
    const length = 1 + random.int(5);
    let fragment: string;
    if (random.next() < 2 / 3) {
      const name = random.pick(names);
      const start = random.int(Math.max(1, name.length - length + 1));
      fragment = name.slice(start, start + length);
    } else {
      fragment = Array.from({ length }, () => random.pick([...LETTERS])).join('');
    }
    if (!fragment.trim()) continue;
    const parts = [`page=${random.int(11)}`, `size=${size}`, `sort=${random.pick(SORTS)}`];
    parts.push(`name=${encodeURIComponent(fragment)}`);
    const filter = random.next();
    if (filter < 0.2) {
      const labels = new Set([1 + random.int(28), 1 + random.int(28)]);
      parts.push(`labelIds=${[...labels].join(',')}`);
    } else if (filter < 0.3) {
      parts.push(`discordIds=${random.pick(owners)}`);
    }
    searches.add(`${SHOP}/plans?${parts.join('&')}`);
  }
  const lastPage = Math.max(0, Math.ceil(listed / size) - 1);
  const deepPages = new Set<string>();
  while (deepPages.size < DEEP_PAGES) {
    deepPages.add(`${SHOP}/plans?page=${random.int(lastPage + 1)}&size=${size}&sort=${random.pick(SORTS)}`);
  }
  return { searches: [...searches], deepPages: [...deepPages] };
}

/** What every browser sends, and so what every answer it gets is compressed for. */
export const AS_A_BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** A target that sends a different URL of `urls`, picked at random, with every request. */
export function randomOf(name: string, urls: readonly string[]): LoadTarget {
  return { name, path: () => urls[Math.floor(Math.random() * urls.length)] as string };
}

export async function longTailLoad(
  origin: string,
  serverPid: number,
  urls: LongTailUrls,
  options: { rounds: number; seconds: number; connections: number },
  log: (line: string) => void,
): Promise<AlternatedResult[]> {
  return runAlternated(
    origin,
    [
      randomOf(
        `${urls.searches.length} distinct searches (1–5 letters, every sort, filters, pages 0–10)`,
        urls.searches,
      ),
      randomOf(`${urls.deepPages.length} distinct deep pages (anywhere, every sort)`, urls.deepPages),
      {
        ...randomOf(`${urls.searches.length} distinct searches, as a browser asks (br)`, urls.searches),
        headers: () => AS_A_BROWSER,
      },
    ],
    options,
    log,
    serverPid,
  );
}

/** One request at a time over a sample of the long tail: p50 / p95 / max of the whole request (it bounds the database time). */
export async function singleRequests(
  origin: string,
  urls: readonly string[],
  count: number,
  headers: Record<string, string> = {},
) {
  const random = seeded(2121);
  const timings: number[] = [];
  let failures = 0;
  for (let i = 0; i < count; i++) {
    const url = random.pick(urls);
    const started = performance.now();
    const response = await fetch(`${origin}${url}`, { headers });
    await response.arrayBuffer();
    timings.push(performance.now() - started);
    if (response.status !== 200) failures++;
  }
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    p50: median(timings),
    p95: sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0,
    max: sorted.at(-1) ?? 0,
    failures,
  };
}

/** Sends requests of `urls` one at a time until `streak` in a row answer within `withinMs` (or `maxSeconds` pass). */
export async function warmUp(
  origin: string,
  urls: readonly string[],
  log: (line: string) => void,
  { streak = 50, withinMs = 50, maxSeconds = 120 } = {},
) {
  const started = performance.now();
  let inRow = 0;
  while (inRow < streak && performance.now() - started < maxSeconds * 1000) {
    const sent = performance.now();
    await (await fetch(`${origin}${urls[Math.floor(Math.random() * urls.length)]}`)).arrayBuffer();
    inRow = performance.now() - sent <= withinMs ? inRow + 1 : 0;
  }
  log(
    `  warm-up: ${((performance.now() - started) / 1000).toFixed(0)} s${inRow < streak ? ' (gave up waiting)' : ''}`,
  );
}
