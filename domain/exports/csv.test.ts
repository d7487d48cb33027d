import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollarsCell, safeCell, toCsv, UTF8_BOM, type Cell } from './csv';

/** A minimal RFC 4180 reader, for the round trip: the fields of each CRLF-ended row. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  return rows;
}

describe('safeCell', () => {
  it.each<[string, Cell, string]>([
    ['a formula', '=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['a plus', '+1', "'+1"],
    ['a minus', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab first', '\t=1', "'\t=1"],
    ['a CR first', '\r=1', `"'\r=1"`],
    ['a name with quotes and commas', 'Mary "Molly" Smith, Jr.', '"Mary ""Molly"" Smith, Jr."'],
    ['a multi-line note', 'Ring twice\nDog is friendly', '"Ring twice\nDog is friendly"'],
    ['a CRLF note', 'a\r\nb', '"a\r\nb"'],
    ['unicode', 'Zoë 🎄 Ñandú', 'Zoë 🎄 Ñandú'],
    ['empty', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['a plain number', 825, '825'],
    ['a negative number (text, not a formula)', -5, "'-5"],
    ['NaN', Number.NaN, ''],
    ['an equals sign inside', 'a=b', 'a=b'],
    ['a hyphen inside', 'Smith-Jones', 'Smith-Jones'],
    ['an e-mail', 'ann@example.com', 'ann@example.com'],
  ])('%s', (_name, value, written) => {
    expect(safeCell(value)).toBe(written);
  });

  it.each<[string, string, string]>([
    ['a space before =', ' =1+1', "' =1+1"],
    ['a no-break space before =', '\u00A0=1+1', "'\u00A0=1+1"],
    ['an ideographic space before +', '\u3000+1', "'\u3000+1"],
    ['a zero-width space before @', '\u200B@SUM(A1)', "'\u200B@SUM(A1)"],
    ['a full-width equals', '＝1+1', "'＝1+1"],
    ['a full-width plus', '＋1', "'＋1"],
    ['a full-width minus', '－1', "'－1"],
    ['a full-width at sign', '＠SUM(A1)', "'＠SUM(A1)"],
    ['a full-width bar', '｜calc', "'｜calc"],
    ['a pipe (DDE)', '|calc', "'|calc"],
    ['a line feed first', '\n=1', `"'\n=1"`],
    ['a CRLF first', '\r\n=1', `"'\r\n=1"`],
    ['a NUL first', '\u0000x', "'\u0000x"],
    ['a space before a word', ' Ann', ' Ann'],
  ])('neutralises %s', (_name, value, written) => {
    expect(safeCell(value)).toBe(written);
  });

  /** Leading characters a spreadsheet skips before reading a formula. */
  const blanks = fc.constantFrom(' ', '\u00A0', '\u2003', '\u3000', '\u202F', '\uFEFF', '\u200B', '\t', '\n', '\r', '\v', '\f');
  /** The starts of a formula, ASCII and full-width. */
  const signs = fc.constantFrom('=', '+', '-', '@', '|', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFF5C');
  /** The C0 and C1 control characters. */
  const controls = fc
    .integer({ min: 0, max: 0x9f })
    .filter((c) => c < 0x20 || c >= 0x7f)
    .map((c) => String.fromCharCode(c));

  /** The cell's text as a spreadsheet reads it back (the RFC 4180 quoting undone). */
  const readBack = (s: string): string => (parseCsv(`${safeCell(s)}\r\n`) as [[string]])[0][0];

  it('neutralises any cell whose first non-blank character starts a formula', () => {
    fc.assert(
      fc.property(fc.array(blanks, { maxLength: 4 }), signs, fc.string(), (lead, sign, rest) => {
        const s = `${lead.join('')}${sign}${rest}`;
        expect(readBack(s)).toBe(`'${s}`);
      }),
    );
  });

  it('neutralises any cell starting with a control character', () => {
    fc.assert(
      fc.property(controls, fc.string(), (c, rest) => {
        expect(readBack(`${c}${rest}`)).toBe(`'${c}${rest}`);
      }),
    );
  });

  it('reads back as the value, with an apostrophe added only before a formula start', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const back = readBack(s);
        expect([s, `'${s}`]).toContain(back);
        if (back === s) expect(/^(?:\p{Cc}|[\s\p{Cf}]*[=+\-@|＝＋－＠｜−])/u.test(s)).toBe(false);
      }),
    );
  });
});

describe('dollarsCell', () => {
  it.each<[number, string]>([
    [82_500, '825.00'],
    [5, '0.05'],
    [0, '0.00'],
    [123_456_789, '1234567.89'],
  ])('%i cents → %s', (cents, text) => expect(dollarsCell(cents)).toBe(text));

  it.each([-1, 1.5, Number.NaN])('refuses %d', (cents) => expect(() => dollarsCell(cents)).toThrow(RangeError));
});

describe('toCsv', () => {
  it('ends each row with CRLF and quotes only what needs it', () => {
    expect(
      toCsv([
        ['name', 'note'],
        ['Ann, B', 'x'],
      ]),
    ).toBe('name,note\r\n"Ann, B",x\r\n');
  });

  it('puts the UTF-8 BOM first when asked, and only then', () => {
    expect(toCsv([['a']], { bom: true })).toBe(`${UTF8_BOM}a\r\n`);
    expect(toCsv([['a']]).startsWith(UTF8_BOM)).toBe(false);
  });

  it('writes no rows as an empty text', () => expect(toCsv([])).toBe(''));

  it('round-trips any table of text through an RFC 4180 reader', () => {
    const safeText = fc.string({ unit: 'binary' }).filter((s) => safeCell(s).replace(/^"/, '')[0] !== "'");
    fc.assert(
      fc.property(fc.array(fc.array(safeText, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(parseCsv(toCsv(rows))).toEqual(rows);
      }),
    );
  });
});
