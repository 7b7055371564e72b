import { describe, expect, it } from 'vitest';
import { csvLine, csvLines } from './csv.ts';

describe('csvLine', () => {
  it('quotes every cell, numbers and empty ones too, and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, undefined, ''])).toBe('"a","1","","",""\r\n');
  });

  it('keeps commas, quotes and line breaks inside the quotes, doubling the quotes', () => {
    expect(csvLine(['12 Iron Way, Apt 4', 'say "hi"', 'two\nlines'])).toBe('"12 Iron Way, Apt 4","say ""hi""","two\nlines"\r\n');
  });

  it('never lets a text cell start a formula', () => {
    expect(csvLine(['=HYPERLINK("http://evil")', '+1 555', '-2', '@SUM(A1)', '\tx', '\r=1'])).toBe(
      `"'=HYPERLINK(""http://evil"")","'+1 555","'-2","'@SUM(A1)","'\tx","'\r=1"\r\n`,
    );
    expect(csvLine([-2])).toBe('"-2"\r\n');
    // Full-width signs, which some spreadsheets read as their ASCII twins.
    expect(csvLine(['＝1+1', '＠A1'])).toBe(`"'＝1+1","'＠A1"\r\n`);
  });

  it('keeps a cell whole for a spreadsheet that splits on semicolons', () => {
    // Unquoted, `Ann;=1+2` is two cells to such a spreadsheet, the second a formula.
    expect(csvLine(['Ann;=1+2', 'Lee'])).toBe('"Ann;=1+2","Lee"\r\n');
  });
});

describe('csvLines', () => {
  it('writes each record as csvLine does, in order, and nothing for no record', () => {
    const records = [
      ['a', 1, null],
      ['=1+1', 'Ann;=1+2', 'say "hi"'],
      [-2, '', undefined],
    ];
    expect(csvLines(records)).toBe(records.map((r) => csvLine(r)).join(''));
    expect(csvLines([])).toBe('');
  });
});
