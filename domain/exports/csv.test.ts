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

  it('never leaves a cell a spreadsheet would run, and reads back as the value (apostrophe aside)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const [[back]] = parseCsv(`${safeCell(s)}\r\n`) as [[string]];
        expect(/^[=+\-@\t\r]/.test(back)).toBe(false);
        expect(back).toBe(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
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
    const safeText = fc.string({ unit: 'binary' }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.array(safeText, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(parseCsv(toCsv(rows))).toEqual(rows);
      }),
    );
  });
});
