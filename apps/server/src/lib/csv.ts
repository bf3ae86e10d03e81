import type { Readable, Writable } from 'node:stream';
import { type Options, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * The project's one CSV writer (csv-stringify): a header row, RFC 4180 quoting, CRLF line ends, and
 * cells a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return)
 * prefixed with a quote, so a username cannot become a formula in the reader's spreadsheet.
 * Negative numbers stay numbers. null and undefined are empty cells; pass dates as ISO strings and
 * booleans as text (csv-stringify would write a Date as epoch milliseconds and false as '').
 */
export type CsvCell = string | number | null | undefined;

const optionsFor = (columns: readonly string[]): Options => ({
  header: true,
  columns: [...columns],
  escape_formulas: true,
  record_delimiter: 'windows',
  // With an explicit record delimiter csv-stringify would quote only cells holding CRLF itself; a
  // lone CR or LF left bare would split the record in most readers.
  quote_record_delimiter: true,
});

/** A small CSV built in memory (a bounded export such as one price's subscribers). */
export function csvText(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringifySync(
    rows.map((row) => [...row]),
    optionsFor(columns),
  );
}

/**
 * A CSV streamed from batches of rows as they are read: csv-stringify's stream API, written to with
 * backpressure (after a full buffer, the next row waits for 'drain'), so only about one batch is in
 * memory whatever the row count. The header row goes out at once, before the first batch is read.
 * An error reading rows destroys the stream (the response is cut short, never a partial
 * file passed off as whole); the reader going away stops the reading at the next row.
 */
export function csvStream(
  columns: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>,
): Readable {
  // The header row is written as the first record, at once: the response starts before the first
  // query has answered (csv-stringify's own header would wait for the first row).
  const stringifier = stringify({ ...optionsFor(columns), header: false, readableHighWaterMark: 64 * 1024 });
  stringifier.write([...columns]);
  const pump = async () => {
    for await (const batch of batches) {
      for (const row of batch) {
        if (stringifier.destroyed) return;
        if (!stringifier.write(row)) await drainOrClose(stringifier);
      }
    }
    if (!stringifier.destroyed) stringifier.end();
  };
  pump().catch((error: unknown) =>
    stringifier.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stringifier;
}

const drainOrClose = (stream: Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/**
 * Every row of a query in keyset batches (`where id > last order by id limit size`): no offsets, no
 * server-side cursor, so it works the same on PostgreSQL and PGlite and each batch is an index
 * range. `readBatch` gets the last row's id (null for the first batch) and reads the rows after it.
 * The first batch is small, so the first bytes go out at once; the rest are `size` rows.
 */
export async function* keysetBatches<T extends { id: number }>(
  readBatch: (afterId: number | null, limit: number) => Promise<T[]>,
  { first, size }: { first: number; size: number },
): AsyncGenerator<T[]> {
  let afterId: number | null = null;
  let limit = first;
  for (;;) {
    const batch = await readBatch(afterId, limit);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (last === undefined || batch.length < limit) return;
    afterId = last.id;
    limit = size;
  }
}

/** Each batch mapped to CSV rows (synchronously: no per-row await). */
export async function* mapBatches<T, U>(
  batches: AsyncIterable<T[]>,
  map: (row: T) => U,
): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(map);
}

/**
 * A CSV streamed from keyset batches: each batch is read only as fast as the download takes the
 * one before, so memory stays flat at any size.
 */
export function keysetCsvStream<T extends { id: number }>(
  columns: readonly string[],
  readBatch: (afterId: number | null, limit: number) => Promise<T[]>,
  toCells: (row: T) => readonly CsvCell[],
  batching: { first: number; size: number },
): Readable {
  return csvStream(columns, mapBatches(keysetBatches(readBatch, batching), toCells));
}
