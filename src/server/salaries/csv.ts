import 'server-only';
import { parse } from 'csv-parse/sync';

/**
 * RFC 4180 CSV, read by csv-parse: fields separated by commas, optionally quoted with "", quotes doubled
 * inside, line breaks allowed inside quotes, CRLF, LF or CR rows (mixed in one file too). A byte-order
 * mark is dropped; blank lines are skipped. Rows keep their own length (the importers count the ones that
 * do not match the header as malformed), and a quote inside an unquoted field is kept as text. A quote
 * left open to the end of the file throws an error naming the line where the file ended.
 */
export function parseCsv(text: string): string[][] {
  const rows = parse(text, {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  // A line holding only "" is a blank line too.
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}
