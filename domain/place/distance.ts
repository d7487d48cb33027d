/**
 * Travel distance estimate from ZIP-code centroids (docs/architecture.md readings 8 and 16; docs/product.md §3
 * Distance result, §5 Address lookup, §9 Travel). Pure: the centroid lookup is passed in, so
 * the web app never loads the table and the hooks bundle it once.
 *
 * The estimate is the great-circle distance between the centroid of the business's base ZIP
 * and the centroid of the address's ZIP, times a road-circuity factor (roads are longer than
 * straight lines), rounded to 0.1 mile as shown to the customer. Whether the address may be
 * served at all is domain/place/service-area.ts.
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

/** The response of `calculate-distance` (docs/product.md §3 Distance result). */
export interface DistanceResult {
  /** Driving miles, rounded to 0.1 mile. */
  distance: number;
  /** Estimated driving minutes, whole. */
  duration: number;
  /** Travel fee in cents for `distance` (docs/product.md §9). */
  travelFee: number;
}

/**
 * A lookup without a distance: a plain sentence. `refused` marks an address checkout refuses (no
 * findable ZIP, beyond the service area): the wizard shows the sentence under the address and
 * blocks Continue. Without it the lookup failed, and the wizard clears the result silently
 * (docs/product.md §7).
 */
export interface DistanceError {
  error: string;
  refused?: true;
}

/** Country names that may follow the ZIP at the end of a US address ('…, MD 21043, USA'). */
const COUNTRY = /^(?:u\.?s\.?(?:a\.?)?|united states(?: of america)?)$/i;

/**
 * The ZIP code a US address gives: the last run of exactly five digits (a ZIP+4's '-1234'
 * is ignored), because a US address ends with its ZIP and anything else of five digits (a
 * house or street number) comes before it. A run that opens the address or one of its
 * comma-separated parts and is followed by words there ('12345 Frederick Rd') is a house
 * number, not a ZIP, so an address without a ZIP gives null rather than its house number.
 */
export function parseZip(address: string): string | null {
  const text = address.trim();
  // A plain exec loop (no lookbehind or matchAll) so PocketBase's goja runs it as Node does.
  const digits = /\d+/g;
  let zip: string | null = null;
  for (let m = digits.exec(text); m; m = digits.exec(text)) {
    if (m[0].length === 5 && !isHouseNumber(text, m.index)) zip = m[0];
  }
  return zip;
}

/** Whether the five digits at `index` open a part of the address and a street name follows. */
function isHouseNumber(text: string, index: number): boolean {
  const opensPart = /(?:^|[,;\n])\s*$/.test(text.slice(0, index));
  if (!opensPart) return false;
  const restOfPart = (text.slice(index + 5).split(/[,;\n]/)[0] ?? '').trim();
  return /^[a-z]/i.test(restOfPart) && !COUNTRY.test(restOfPart);
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

/** Estimated driving miles between two points: the straight line times ROAD_CIRCUITY. */
export function estimateMiles(from: LatLon, to: LatLon): number {
  return haversineMiles(from, to) * ROAD_CIRCUITY;
}
