import { stringify } from 'csv-stringify/sync';

/*
 * Written by csv-stringify rather than by hand: quoting and escaping are where hand-written CSV
 * goes wrong, and a maintained writer keeps up with what spreadsheets do (its formula escaping also
 * knows the full-width `＝ ＋ － ＠` that some of them read as formulas).
 *
 * Every cell is quoted, empty ones and numbers too: a spreadsheet set to split on `;` (or tabs)
 * would otherwise cut `Ann;=1+2` in two and run the second half. A text cell starting with
 * `= + - @`, tab or carriage return is prefixed with ' so it reads as text (OWASP "CSV Injection"):
 * a shopper's name must never become a formula on the accountant's machine. Numbers keep their
 * minus sign, as they are never formulas.
 */
const OPTIONS = {
  quoted: true,
  quoted_empty: true,
  escape_formulas: true,
  record_delimiter: 'windows',
} as const;

type Cells = readonly (string | number | null | undefined)[];

/** One CSV record (RFC 4180, CRLF-terminated); null and undefined are empty cells. */
export function csvLine(cells: Cells): string {
  return stringify([cells], OPTIONS);
}

/**
 * Several records as one text, as `csvLine` writes each: an export streams a batch of rows as one
 * chunk (a chunk per line cost the stream more than writing the lines, ADR 0060).
 */
export function csvLines(records: readonly Cells[]): string {
  return records.length === 0 ? '' : stringify(records as Cells[], OPTIONS);
}
