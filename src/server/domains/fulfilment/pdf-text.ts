/**
 * pdf-lib's standard fonts encode WinAnsi only (STACK-NOTES): accents are folded to their letters
 * and anything else becomes '?', so a customer's name can never break a label.
 */
export function winAnsi(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
}
