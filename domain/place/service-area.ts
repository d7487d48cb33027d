/**
 * The service area (docs/architecture.md reading 16; docs/product.md §7 calculate-distance, §9 Travel): the
 * distance is measured to the ZIP the customer gave, so an address must carry a ZIP we can
 * find, and an address farther than the maximum service distance is not served. Checkout
 * refuses both with these messages; the wizard's live display only clears its fee.
 */
import { distanceResult, estimateMiles, parseZip, type CentroidLookup, type DistanceError, type DistanceResult, type LatLon } from './distance';

/** The farthest we drive unless the `max_service_miles` setting says otherwise (miles). */
export const DEFAULT_MAX_SERVICE_MILES = 60;

/** For an address with no ZIP, or a ZIP that is not a US ZIP. */
export const NO_ZIP_MESSAGE = 'Please include your ZIP code so we can confirm the travel fee.';

/**
 * For an address beyond the maximum: names the ZIP it was measured to, the distance as shown
 * (0.1 mile) and the maximum.
 */
export function tooFarMessage(zip: string, miles: number, maxMiles: number): string {
  return `Sorry, ZIP code ${zip} is ${miles.toFixed(1)} miles away, outside our service area (up to ${maxMiles} miles).`;
}

/**
 * A driving distance from `from` to the address, or null when it cannot be had (e.g. a
 * routing service found nothing); then the ZIP estimate is used.
 */
export type Router = (address: string, from: LatLon) => DistanceResult | null;

export interface ServiceAreaOptions {
  /** The business's base ZIP, measured from (domain/business.ts). */
  baseZip: string;
  centroid: CentroidLookup;
  /** Largest distance served, in miles, compared with the distance rounded to 0.1 mile. */
  maxMiles: number;
  /** A real router (openrouteservice in the hooks); without one, the ZIP estimate. */
  route?: Router;
}

/**
 * The distance result for an address under the service-area rule:
 * - no ZIP in the address (see parseZip) or one the table does not know → { error: NO_ZIP_MESSAGE };
 * - otherwise the router's distance if it gives one, else the ZIP-centroid estimate;
 * - a distance (0.1 mile) above `maxMiles` → { error: tooFarMessage(…) };
 * - else { distance, duration, travelFee }.
 * The router is only asked once the ZIP is known, so junk never costs a routing call.
 * Throws when the base ZIP is not in the table (a broken build, not a customer's mistake).
 */
export function serviceAreaDistance(address: string, opts: ServiceAreaOptions): DistanceResult | DistanceError {
  const zip = parseZip(address);
  const to = zip ? opts.centroid(zip) : undefined;
  if (!zip || !to) return { error: NO_ZIP_MESSAGE };
  const from = opts.centroid(opts.baseZip);
  if (!from) throw new Error(`The base ZIP ${opts.baseZip} is not in the centroid table`);
  const result = opts.route?.(address, from) ?? distanceResult(estimateMiles(from, to));
  return result.distance > opts.maxMiles ? { error: tooFarMessage(zip, result.distance, opts.maxMiles) } : result;
}
