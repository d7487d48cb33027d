/**
 * Travel distance estimate from ZIP-code centroids (DESIGN.md decision 8; SPEC.md §3 Distance
 * result, §5 Address lookup, §9 Travel). Pure: the centroid table is passed in, so the web app
 * never loads it and the hooks bundle it once.
 *
 * The estimate is the great-circle distance between the centroid of the business's base ZIP
 * and the centroid of the address's ZIP, times a road-circuity factor (roads are longer than
 * straight lines), rounded to 0.1 mile as shown to the customer.
 */
import { travelFeeCents, roundMiles } from './travel';

/** A point as [latitude, longitude] in degrees. */
export type LatLon = readonly [number, number];

/** Looks up the centroid of a 5-digit ZIP code; undefined when unknown. */
export type CentroidLookup = (zip: string) => LatLon | undefined;

/** Mean Earth radius in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;

/**
 * Driving distance ÷ straight-line distance. Studies of US road networks put the detour index
 * of suburban and rural trips at about 1.2–1.4; 1.25 is a fair middle for central Maryland.
 */
export const ROAD_CIRCUITY = 1.25;

/** Average door-to-door driving speed used for the duration estimate (mph). */
export const AVERAGE_SPEED_MPH = 35;

/** The response of `calculate-distance` (SPEC.md §3 Distance result). */
export interface DistanceResult {
  /** Driving miles, rounded to 0.1 mile. */
  distance: number;
  /** Estimated driving minutes, whole. */
  duration: number;
  /** Travel fee in cents for `distance` (SPEC.md §9). */
  travelFee: number;
}

/** A failed lookup: a plain sentence; the client clears the result silently (SPEC.md §7). */
export interface DistanceError {
  error: string;
}

export const DISTANCE_ERRORS = {
  noZip: 'Please include a 5-digit ZIP code in the address.',
  unknownZip: 'That ZIP code is outside the area we can estimate distances for.',
} as const;

/**
 * The ZIP code of a US address: the last run of exactly five digits (so the '-1234' of a
 * ZIP+4 is ignored). A leading five-digit run followed by more text is a house number, not a
 * ZIP ('12345 Frederick Rd' has none; '21043' alone is one). Null when there is none.
 */
export function parseZip(address: string): string | null {
  const text = address.trim();
  // A plain exec loop (no lookbehind or matchAll) so PocketBase's goja runs it as Node does.
  const digits = /\d+/g;
  let zip: { value: string; index: number } | null = null;
  for (let m = digits.exec(text); m; m = digits.exec(text)) {
    if (m[0].length === 5) zip = { value: m[0], index: m.index };
  }
  if (!zip) return null;
  const isHouseNumber = zip.index === 0 && text.length > 5;
  return isHouseNumber ? null : zip.value;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two points, in miles (haversine formula). */
export function haversineMiles(a: LatLon, b: LatLon): number {
  const dLat = toRad(b[0] - a[0]);
  const dLon = toRad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a[0])) * Math.cos(toRad(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Estimated driving minutes for a distance in miles, at AVERAGE_SPEED_MPH. */
export function estimateDurationMinutes(miles: number): number {
  return Math.round((miles / AVERAGE_SPEED_MPH) * 60);
}

/** A distance result for driving miles (and minutes, when a router gave them). */
export function distanceResult(miles: number, minutes?: number): DistanceResult {
  const distance = roundMiles(miles);
  return { distance, duration: minutes ?? estimateDurationMinutes(distance), travelFee: travelFeeCents(distance) };
}

/**
 * Estimates the driving distance from `baseZip` to the ZIP of `address` with the centroid
 * table. Errors: no ZIP in the address (DISTANCE_ERRORS.noZip), or a ZIP (or base ZIP) that
 * is not in the table (DISTANCE_ERRORS.unknownZip).
 */
export function estimateDistance(address: string, baseZip: string, centroid: CentroidLookup): DistanceResult | DistanceError {
  const zip = parseZip(address);
  if (!zip) return { error: DISTANCE_ERRORS.noZip };
  const from = centroid(baseZip);
  const to = centroid(zip);
  if (!from || !to) return { error: DISTANCE_ERRORS.unknownZip };
  return distanceResult(haversineMiles(from, to) * ROAD_CIRCUITY);
}

/** Builds a lookup over a `{ zip: [lat, lon] }` table (the generated zip-centroids.json). */
export function centroidTable(table: Readonly<Record<string, readonly number[]>>): CentroidLookup {
  return (zip) => {
    if (!Object.prototype.hasOwnProperty.call(table, zip)) return undefined;
    const p = table[zip];
    return p && p.length === 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]) ? [p[0]!, p[1]!] : undefined;
  };
}
