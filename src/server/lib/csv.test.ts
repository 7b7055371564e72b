import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.ts';

describe('csvLine', () => {
  it('joins plain cells with commas and ends with CRLF; empty for null', () => {
    expect(csvLine(['a', 1, null, undefined, ''])).toBe('a,1,,,\r\n');
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvLine(['12 Iron Way, Apt 4', 'say "hi"', 'two\nlines'])).toBe('"12 Iron Way, Apt 4","say ""hi""","two\nlines"\r\n');
  });

  it('never lets a text cell start a formula', () => {
    expect(csvLine(['=HYPERLINK("http://evil")', '+1 555', '-2', '@SUM(A1)', '\tx'])).toBe(
      `"'=HYPERLINK(""http://evil"")",'+1 555,'-2,'@SUM(A1),'\tx\r\n`,
    );
    expect(csvLine([-2])).toBe('-2\r\n');
  });
});
