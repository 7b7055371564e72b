/**
 * One CSV line (RFC 4180, CRLF). A cell that a spreadsheet would run as a formula (=, +, -, @, tab
 * or carriage return first) is prefixed with ' so it reads as text: a shopper's name must never
 * become a formula on the accountant's machine.
 */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
