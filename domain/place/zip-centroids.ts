/**
 * Reads the compact ZIP-centroid table (domain/data/zip-centroids.json, written by
 * scripts/data/make-zip-centroids.mjs; docs/architecture.md readings 8 and 16). Pure: the table is passed
 * in, so only the hooks bundle it and the web app never loads it.
 *
 * Format: `{ [3-digit ZIP prefix]: records }`, where records is a run of 9-character records
 * sorted by ZIP: the last 2 digits of the ZIP, then round((latitude + 90) × 1000) in 3 and
 * round((longitude + 180) × 1000) in 4 base64url digits, most significant first. Records are
 * read in place: a lookup scans one prefix's string (at most 100 records) and decodes one
 * record, so each JSVM runtime holds ~900 strings instead of 40,000 small arrays.
 */
import type { CentroidLookup, LatLon } from './distance';

/** RFC 4648 base64url digits, in value order. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const RECORD_CHARS = 9;
const SCALE = 1000;

/** The number written in `s[start, start + width)`, or NaN for a character outside ALPHABET. */
function readDigits(s: string, start: number, width: number): number {
  let n = 0;
  for (let i = start; i < start + width; i++) {
    const d = ALPHABET.indexOf(s.charAt(i));
    if (d < 0) return Number.NaN;
    n = n * 64 + d;
  }
  return n;
}

/** The centroid in degrees of the record at `i` of `records`, or undefined when malformed. */
function readRecord(records: string, i: number): LatLon | undefined {
  const lat = (readDigits(records, i + 2, 3) - 90 * SCALE) / SCALE;
  const lon = (readDigits(records, i + 5, 4) - 180 * SCALE) / SCALE;
  return Number.isFinite(lat) && Number.isFinite(lon) ? [lat, lon] : undefined;
}

/**
 * A centroid lookup over the compact table (`centroids` of zip-centroids.json): 5-digit ZIP →
 * [latitude, longitude] in degrees (to 0.001°), or undefined for an unknown ZIP, anything
 * that is not five digits, or a malformed record. A ZIP's answer is one shared pair: never change it.
 */
export function zipCentroids(table: Readonly<Record<string, string>>): CentroidLookup {
  // Found centroids are kept (at most one per ZIP of the table): the travel buffer looks the
  // same few ZIPs up for every visit of a day, inside checkout's one transaction.
  const found = new Map<string, LatLon>();
  return (zip) => {
    const kept = found.get(zip);
    if (kept) return kept;
    if (!/^\d{5}$/.test(zip)) return undefined;
    const prefix = zip.slice(0, 3);
    if (!Object.prototype.hasOwnProperty.call(table, prefix)) return undefined;
    const records = table[prefix];
    if (typeof records !== 'string') return undefined;
    const suffix = zip.slice(3);
    for (let i = 0; i + RECORD_CHARS <= records.length; i += RECORD_CHARS) {
      if (records.slice(i, i + 2) !== suffix) continue;
      const point = readRecord(records, i);
      if (point) found.set(zip, point);
      return point;
    }
    return undefined;
  };
}

/**
 * Every ZIP of the compact table with its centroid, as `[zip, [latitude, longitude]]` in
 * degrees (to 0.001°), sorted by ZIP; malformed records are left out. For
 * making subsets of the table (domain/place/zip-nearby.ts), not for lookups.
 */
export function zipCentroidEntries(table: Readonly<Record<string, string>>): [string, LatLon][] {
  const out: [string, LatLon][] = [];
  // Sorted: JavaScript lists integer-like keys ("210") before the others ("005"), in number order.
  for (const prefix of Object.keys(table).sort()) {
    const records = table[prefix];
    if (!/^\d{3}$/.test(prefix) || typeof records !== 'string') continue;
    for (let i = 0; i + RECORD_CHARS <= records.length; i += RECORD_CHARS) {
      const suffix = records.slice(i, i + 2);
      const point = /^\d{2}$/.test(suffix) ? readRecord(records, i) : undefined;
      if (point) out.push([prefix + suffix, point]);
    }
  }
  return out;
}
