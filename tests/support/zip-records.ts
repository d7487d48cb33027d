/**
 * The writer's side of domain/place/zip-centroids.json's format (scripts/data/make-zip-centroids.mjs),
 * for the unit tests' hand-made tables: a ZIP's record is its last two digits, then its latitude
 * and longitude in thousandths of a degree, offset to be positive, in base-64 digits (3 and 4).
 */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function base64Digits(n: number, width: number): string {
  let s = '';
  for (let i = 0; i < width; i++, n = Math.floor(n / 64)) s = DIGITS[n % 64] + s;
  return s;
}

/** The record of the ZIP ending in `suffix` (two digits) at `lat`, `lon` (degrees). */
export function zipRecord(suffix: string, lat: number, lon: number): string {
  return suffix + base64Digits(Math.round((lat + 90) * 1000), 3) + base64Digits(Math.round((lon + 180) * 1000), 4);
}
