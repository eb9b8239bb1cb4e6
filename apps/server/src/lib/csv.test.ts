import { describe, expect, it } from 'vitest';
import { csvRow } from './csv.ts';

describe('csvRow', () => {
  it('quotes every field and doubles quotes, ending with CRLF', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 12, null, undefined, true])).toBe(
      '"a","b,c","say ""hi""","12","","","true"\r\n',
    );
  });

  it('keeps line breaks and Hindi inside a quoted field', () => {
    expect(csvRow(['आशा\nवर्मा'])).toBe('"आशा\nवर्मा"\r\n');
  });

  it('neutralises texts a spreadsheet would run as formulas, but not negative numbers', () => {
    expect(csvRow(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', -12.5])).toBe(
      `"'=HYPERLINK(""x"")","'+1","'-2","'@SUM(A1)","-12.5"\r\n`,
    );
  });
});
