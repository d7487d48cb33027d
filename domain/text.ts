/**
 * Free text typed by customers (names, addresses, notes, style wishes, reviews): one
 * normalisation applied before any length check, so that what is counted, checked and stored is
 * what a reader will see (docs/product.md §5 Customer form, Style and Reviews; docs/decisions/010;
 * docs/decisions/011).
 *
 * Written for PocketBase's goja as much as for Node and the browser: explicit ranges instead of
 * `\p{…}` or the regex `u` flag (so every engine matches the same characters), the bulk of the
 * work in native regex replaces, and a character loop only for text that holds surrogates,
 * joiners or variation selectors (a per-character loop over every 60 KB body costs seconds in
 * goja).
 */

/** 'line' for one-line inputs (name, e-mail, address…); 'multiline' for text areas. */
export type TextKind = 'line' | 'multiline';

/** Every line break (and the tab) of a one-line field: each becomes a space. */
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** The line breaks of a text area: each becomes LF. */
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;

/**
 * Dropped everywhere: C0 controls but tab and LF (already spaces in one-line text), DEL, C1
 * controls, and the BMP part of Unicode's Default_Ignorable_Code_Point set (soft hyphen, combining
 * grapheme joiner, Arabic letter mark, Hangul fillers, Khmer inherent vowels, Mongolian vowel
 * separator, zero-width space, LRM/RLM, bidi embeddings, overrides and isolates, word joiner and
 * invisible operators, BOM, unassigned U+FFF0–8) except the joiners and selectors below.
 */
const INVISIBLE_BMP =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- lone controls and combining marks are exactly what it drops
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufff8]/g;

/** Characters the loop in keepWhereEffective must look at (surrogates, joiners, selectors). */
// eslint-disable-next-line no-misleading-character-class -- it finds lone surrogates, joiners and selectors on purpose
const NEEDS_LOOP = /[\ud800-\udfff\u200c\u200d\u180b-\u180d\u180f\ufe00-\ufe0f]/;

/** Blanks: what JavaScript's trim() removes, plus the blank braille cell used as an "invisible" name. */
const EDGE_BLANKS = /^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u2800\u3000]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u2800\u3000]+$/g;

/** The same blanks as EDGE_BLANKS (a regex call per character is slow in goja). */
const isBlank = (cp: number) =>
  cp === 0x20 ||
  (cp >= 0x09 && cp <= 0x0d) ||
  cp === 0xa0 ||
  cp === 0x1680 ||
  (cp >= 0x2000 && cp <= 0x200a) ||
  cp === 0x2028 ||
  cp === 0x2029 ||
  cp === 0x202f ||
  cp === 0x205f ||
  cp === 0x2800 ||
  cp === 0x3000;

const isJoiner = (cp: number) => cp === 0x200c || cp === 0x200d;

/** Variation selectors: emoji/text style, standardised and ideographic variants, Mongolian FVS. */
const isSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x180b && cp <= 0x180d) || cp === 0x180f || (cp >= 0xe0100 && cp <= 0xe01ef);

/**
 * Astral Default_Ignorable code points: shorthand format controls, musical formatting, and tag
 * characters (only the England, Scotland and Wales flags use tags, and they can carry hidden
 * text: those flags become a plain black flag). Lone surrogates are dropped too.
 */
const isInvisibleAstral = (cp: number) => (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x1bca0 && cp <= 0x1bca3) || (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0000 && cp <= 0xe0fff && !isSelector(cp));

type Kind = 'blank' | 'visible' | 'joiner' | 'selector';

/** The kind of a character left after INVISIBLE_BMP, or null when it is to be dropped. */
function kindOf(cp: number): Kind | null {
  if (isInvisibleAstral(cp)) return null;
  if (isJoiner(cp)) return 'joiner';
  if (isSelector(cp)) return 'selector';
  return isBlank(cp) ? 'blank' : 'visible';
}

/**
 * Drops lone surrogates and astral invisible characters, and keeps joiners and selectors only
 * where they act: a ZWJ or ZWNJ right after a visible character (or its selector) and right
 * before a visible one; one selector right after a visible character.
 */
function keepWhereEffective(s: string): string {
  let out = '';
  let runStart = 0; // start of the run of kept characters not yet copied to `out`
  let last: Kind = 'blank'; // what the previous kept character was
  for (let i = 0; i < s.length;) {
    const cp = s.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    let kind = kindOf(cp);
    if (kind === 'joiner') {
      const next = i + width < s.length ? s.codePointAt(i + width) : undefined;
      const beforeVisible = next !== undefined && kindOf(next) === 'visible';
      if (!(beforeVisible && (last === 'visible' || last === 'selector'))) kind = null;
    } else if (kind === 'selector' && last !== 'visible') {
      kind = null;
    }
    if (kind === null) {
      out += s.slice(runStart, i);
      runStart = i + width;
    } else {
      last = kind;
    }
    i += width;
  }
  return out + s.slice(runStart);
}

/**
 * Normalises one free-text value; lengths are to be checked on the result. In order:
 *
 * 1. Line breaks: in 'multiline' text CR LF, CR, NEL, U+2028 and U+2029 become LF; in 'line'
 *    text every line break and tab becomes a space (they separate words; dropping them would
 *    glue "Jane⇥Doe" into "JaneDoe").
 * 2. Dropped: C0 and C1 control characters and DEL (LF and tab survive in 'multiline' text),
 *    lone surrogates, and the invisible format characters of Unicode's Default_Ignorable set
 *    (U+00AD, U+200B, U+200E–F, U+202A–E, U+2060–F, U+FEFF, Hangul fillers, tag characters…).
 * 3. Kept only where they take effect: a zero-width joiner or non-joiner between two visible
 *    characters (so 👨‍👩‍👧 and Persian words survive while "\u200DJane" loses it), and one
 *    variation selector right after a visible character (❤️); otherwise dropped.
 * 4. Unicode NFC, then blanks trimmed at both ends (JavaScript's whitespace and U+2800).
 *
 * The result is '' or starts with a visible character, so "has at least one visible character"
 * is `normalizeText(v).length > 0`: a NUL-only or zero-width-only value becomes ''.
 */
export function normalizeText(value: string, kind: TextKind = 'line'): string {
  const unified = kind === 'multiline' ? value.replace(LINE_BREAKS, '\n') : value.replace(LINE_BREAKS_AND_TABS, ' ');
  let visible = unified.replace(INVISIBLE_BMP, '');
  if (NEEDS_LOOP.test(visible)) visible = keepWhereEffective(visible);
  return visible.normalize('NFC').replace(EDGE_BLANKS, '');
}

/** A request field as trimmed text: '' when it is not a string (a parse step before a command's own checks). */
export function trimmedText(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}
