import { Readable } from 'node:stream';

import type { FastifyReply } from 'fastify';

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * A CSV cell as RFC 4180 quotes it. A cell a spreadsheet would read as a formula (= + - @, tab, carriage return)
 * is prefixed with ' so opening an export never runs what a customer typed. A cell that is a plain number, negative
 * ones included ('-500.00', a credit note's figure), is a number to the spreadsheet and is written as it is.
 */
export function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = !PLAIN_NUMBER.test(text) && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line, its cells quoted as csvCell does, ended by CRLF. */
export const csvRow = (cells: ReadonlyArray<string | number | boolean | null>): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Streams a CSV download: a UTF-8 byte order mark (so Excel reads ₹ and Malayalam right; `byteOrderMark: false` for
 * a file a program imports, which would read the mark as part of the first heading), the header row, then the rows
 * batch by batch as `batches` yields them, so a large export never sits in memory whole.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  cellsOf: (item: T) => ReadonlyArray<string | number | boolean | null>,
  { byteOrderMark = true }: { byteOrderMark?: boolean } = {},
): FastifyReply {
  async function* lines() {
    yield `${byteOrderMark ? '\uFEFF' : ''}${csvRow(header)}`;
    for await (const batch of batches) yield batch.map((item) => csvRow(cellsOf(item))).join('');
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}

/** A report that is small and already whole, as the CSV writer takes its rows. */
export async function* oneBatch<T>(rows: T[]): AsyncIterable<T[]> {
  yield rows;
}
