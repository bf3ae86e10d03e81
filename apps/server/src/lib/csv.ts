import { pipeline, Readable } from 'node:stream';
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
 * A CSV streamed from rows as they are read: the header goes out with the first row (or at the end
 * when there is none), and the rows are pulled only as fast as the reader takes the text, so memory
 * stays flat whatever the row count. An error reading rows, or the reader going away, ends both.
 */
export function csvStream(columns: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): Readable {
  const source = Readable.from(rows, { objectMode: true });
  const stringifier = stringify(optionsFor(columns));
  pipeline(source, stringifier, () => {
    // pipeline destroys both streams on an error; the response that reads the text reports it.
  });
  return stringifier;
}

/**
 * Every row of a query in keyset batches (`where key > last order by key limit size`): no offsets,
 * no server-side cursor, so it works the same on PostgreSQL and PGlite and each batch is an index
 * range. `readBatch` gets the last row's id (null for the first batch) and reads the rows after it.
 */
export async function* keysetRows<T extends { id: number }>(
  readBatch: (afterId: number | null, limit: number) => Promise<T[]>,
  batchSize: number,
): AsyncGenerator<T> {
  let afterId: number | null = null;
  for (;;) {
    const batch = await readBatch(afterId, batchSize);
    yield* batch;
    const last = batch.at(-1);
    if (last === undefined || batch.length < batchSize) return;
    afterId = last.id;
  }
}
