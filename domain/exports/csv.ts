/**
 * A CSV writer for the owner's exports (the admin's "Close the books"): RFC 4180 text (CRLF line
 * ends; a field holding a comma, a double quote, CR or LF is quoted, its quotes doubled), with an
 * optional UTF-8 byte order mark so Excel reads accents and emoji as UTF-8. Every cell goes through
 * `safeCell`, so a value a spreadsheet would run as a formula is written as text (OWASP "CSV
 * Injection": a cell starting with a control character (TAB, CR, LF, …), or whose first
 * character after any leading whitespace (every Unicode space, the no-break space included, and
 * invisible format characters) is =, +, -, @ or | or their full-width forms ＝ ＋ － ＠ ｜ (or the
 * minus sign −), gets a leading apostrophe: spreadsheets skip leading spaces and read full-width
 * signs as their ASCII twins, and `|` starts a DDE call). Our own
 * amounts are plain decimal dollars and never negative (`dollarsCell`): a refund is its own row
 * with a positive amount, so no number we write starts with '-'. Pure.
 */

/** A cell as the exports hand it over: text, a number, or nothing (written empty). */
export type Cell = string | number | null | undefined;

/**
 * What a spreadsheet may read as the start of a formula: a control character first (TAB, CR, LF,
 * NUL, …), or, after any leading whitespace and invisible format characters (\s covers every
 * Unicode space: NBSP, the ideographic space, the BOM), one of = + - @ | or their full-width forms
 * (U+FF1D ＝, U+FF0B ＋, U+FF0D －, U+FF20 ＠, U+FF5C ｜) or the minus sign U+2212.
 */
export const FORMULA_START = /^(?:\p{Cc}|[\s\p{Cf}]*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20\uFF5C\u2212])/u;
/** What makes a field need quotes under RFC 4180. */
const NEEDS_QUOTES = /[",\r\n]/;

/** The UTF-8 byte order mark Excel looks for to read a CSV file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * One cell as it is written in the file: null, undefined and non-finite numbers empty; a value
 * `FORMULA_START` matches (a formula sign after any leading whitespace, full-width forms and `|`
 * included, or a leading control character) prefixed with an apostrophe (shown by the
 * spreadsheet as text, never run); then quoted, its quotes doubled, when it holds a comma, a quote, CR or LF.
 * Numbers go through the same rule, so a negative number is written as text too.
 */
export function safeCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  const text = String(value);
  const neutral = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

/**
 * Integer cents as plain decimal dollars for a CSV cell ('825.00', '0.05'): no currency sign, no
 * thousands separator, so every spreadsheet reads it as a number.
 * Throws a RangeError for a negative or non-integer amount: the exports write a refund as its own
 * row with a positive amount, so a negative here is our mistake, never written.
 */
export function dollarsCell(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Not an amount of cents to write: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Options of `toCsv`. */
export interface CsvOptions {
  /** Start the text with the UTF-8 byte order mark (for Excel). */
  bom?: boolean;
}

/**
 * The CSV text of `rows` (the header first, if any): each cell through `safeCell`, cells joined
 * by commas, each row ended by CRLF (RFC 4180), with the UTF-8 BOM first when `bom`.
 */
export function toCsv(rows: readonly (readonly Cell[])[], options: CsvOptions = {}): string {
  const body = rows.map((row) => `${row.map(safeCell).join(',')}\r\n`).join('');
  return options.bom ? UTF8_BOM + body : body;
}
