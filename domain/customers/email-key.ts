/**
 * The key a customer is known by across the records: the e-mail as typed, trimmed and in lower
 * case ("Ann@Example.com " and "ann@example.com" are one customer). Pure.
 */

/** The customer key of e-mail `raw` (trim + lower-case); '' for a blank one. */
export function emailKey(raw: string): string {
  return raw.trim().toLowerCase();
}
