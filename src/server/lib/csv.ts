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

/** One CSV record (RFC 4180, CRLF-terminated); null and undefined are empty cells. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return stringify([cells], OPTIONS);
}
