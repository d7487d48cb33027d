import { describe, expect, it } from 'vitest';
import { normalizeText, type TextKind } from './text';

const FAMILY = '👨\u200D👩\u200D👧'; // man ZWJ woman ZWJ girl
const HEART = '❤\uFE0F'; // heavy black heart + emoji presentation selector
const RAINBOW_FLAG = '🏳\uFE0F\u200D🌈';
const PERSIAN = 'می\u200Cخواهم'; // ZWNJ inside a word

describe('normalizeText (docs/decisions/010: input that only looks valid)', () => {
  it.each<[string, string, TextKind, string]>([
    ['plain text is unchanged', 'Jane Doe', 'line', 'Jane Doe'],
    ['trims spaces', '  Jane  ', 'line', 'Jane'],
    ['NUL only', '\u0000', 'line', ''],
    ['controls only', '\u0001\u0007\u001b\u007f\u0085\u009f', 'line', ''],
    ['controls inside a word', 'Ja\u0000ne\u0008', 'line', 'Jane'],
    ['zero-width spaces only', '\u200B'.repeat(60), 'multiline', ''],
    ['every stripped format character', '\u00AD\u200B\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\uFEFF', 'line', ''],
    ['Hangul fillers and a blank braille cell', '\u3164\u115F\uFFA0\u2800', 'line', ''],
    ['joiners alone', '\u200D\u200C\u200D', 'line', ''],
    ['selectors alone', '\uFE0F\uFE0E', 'line', ''],
    ['zero-width characters around a name', '\u200B\uFEFF Jane Doe\u200D\u2060\u200B', 'line', 'Jane Doe'],
    ['bidi override inside a name', 'Jane \u202EeoD', 'line', 'Jane eoD'],
    ['soft hyphen inside a word', 'Christ\u00ADmas', 'line', 'Christmas'],
    ['line: line breaks and tabs become spaces', 'Jane\tDoe\r\nJr', 'line', 'Jane Doe  Jr'],
    ['multiline: CR LF and CR become LF, tabs stay', 'a\r\nb\rc\u2028d\n\te', 'multiline', 'a\nb\nc\nd\n\te'],
    ['multiline: other controls go', 'a\u0000\u000b\u000cb', 'multiline', 'ab'],
    ['multiline: trims blank lines at the ends', '\n\n  Lovely tree \n\t', 'multiline', 'Lovely tree'],
    ['NFC: decomposed é is composed', 'Rene\u0301e', 'line', 'Renée'],
    ['NFC across a dropped character', 'Rene\u200B\u0301e', 'line', 'Renée'],
    ['ZWJ emoji family survives', `Family: ${FAMILY}`, 'multiline', `Family: ${FAMILY}`],
    ['emoji selector survives', `Love it ${HEART}`, 'multiline', `Love it ${HEART}`],
    ['selector then ZWJ survives', `Flag ${RAINBOW_FLAG}!`, 'line', `Flag ${RAINBOW_FLAG}!`],
    ['ZWNJ inside a Persian word survives', PERSIAN, 'line', PERSIAN],
    ['ZWJ at the edge of a word goes', '\u200DJane\u200D Doe', 'line', 'Jane Doe'],
    ['ZWJ between spaces goes', 'a \u200D b', 'line', 'a  b'],
    ['only one selector after a character', `x\uFE0F\uFE0F\uFE0E\uFE00`, 'line', 'x\uFE0F'],
    ['tag characters go (hidden text)', 'Jane\u{E0068}\u{E0069}', 'line', 'Jane'],
    ['lone surrogates go', 'a\uD800b\uDC00', 'line', 'ab'],
    ['astral characters stay', '🎄 𝒳', 'line', '🎄 𝒳'],
  ])('%s', (_name, input, kind, expected) => {
    expect(normalizeText(input, kind)).toBe(expected);
  });

  it('leaves nothing invisible at the start: empty or a visible first character', () => {
    for (const s of ['\u200D\uFE0Fx', '\u00A0\u200Dx', '\u200B\u0000 x']) {
      expect(normalizeText(s)).toBe('x');
    }
  });

  it('is idempotent', () => {
    const once = normalizeText(`  ${FAMILY}\u200B Ren\u0065\u0301e\r\n${HEART}\u200D `, 'multiline');
    expect(normalizeText(once, 'multiline')).toBe(once);
  });
});
