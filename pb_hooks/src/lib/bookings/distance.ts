/**
 * Travel distance from the business's base to an address (docs/architecture.md readings 8 and 16;
 * docs/product.md §7 calculate-distance, §9 Travel), used by the calculate-distance route and by the
 * checkout so the price uses the server's distance, never the client's.
 *
 * The address must give a US ZIP (the last one in it, domain/place/distance.ts parseZip) and lie
 * within the `max_service_miles` setting (domain/place/service-area.ts). Default provider: bundled
 * ZIP-code centroids (domain/data/zip-centroids.json, every US ZIP) times a road-circuity
 * factor. With OPENROUTESERVICE_API_KEY set, openrouteservice geocodes the address and routes
 * by car from the base ZIP's centroid; if that fails, the ZIP estimate is used (logged), so a
 * provider outage never blocks a booking. OPENROUTESERVICE_URL overrides the API's base URL
 * (tests).
 */
import { BUSINESS } from '@domain/business';
import { distanceResult, type DistanceError, type DistanceResult, type LatLon } from '@domain/place/distance';
import { serviceAreaDistance } from '@domain/place/service-area';
import { zipCentroids } from '@domain/place/zip-centroids';
import zipData from '@domain/data/zip-centroids.json';
import { badRequest } from '../http';
import { loadMaxServiceMiles } from '../settings';
import { logError, logWarning } from '../log';

/** The bundled ZIP centroids (the travel fee's and the travel buffer's estimate). */
export const centroid = zipCentroids(zipData.centroids);
const METERS_PER_MILE = 1609.344;
const ORS_DEFAULT_URL = 'https://api.openrouteservice.org';
/** Longest address looked up (the contact schema's limit). */
const MAX_ADDRESS = 500;

export const DISTANCE_FAILED = 'The distance could not be calculated for this address.';

/**
 * The distance result for an address: driving miles (0.1), minutes and travel fee in cents,
 * or { error } with a plain sentence: too short or long, no findable ZIP
 * ('Please include your ZIP code so we can confirm the travel fee.'), beyond the maximum
 * service distance ('Sorry, ZIP code … is … miles away, …'), or an unexpected failure; the two
 * refusals of the service-area rule also carry `refused: true`.
 * Never throws. Makes HTTP calls when a routing key is set: never call it in a transaction.
 */
export function calculateDistance(address: string): DistanceResult | DistanceError {
  const text = address.trim();
  if (text.length < 5 || text.length > MAX_ADDRESS) return { error: 'Please enter the full installation address.' };
  try {
    const key = $os.getenv('OPENROUTESERVICE_API_KEY');
    const result = serviceAreaDistance(text, {
      baseZip: BUSINESS.baseZip,
      centroid,
      maxMiles: loadMaxServiceMiles($app),
      route: key ? (addr, from) => routeWithOpenRouteService(addr, from, key) : undefined,
    });
    // The service-area rule's only errors are the refusals checkout would repeat.
    return 'error' in result ? { ...result, refused: true } : result;
  } catch (err) {
    logError(`calculate-distance failed: ${String(err)}`);
    return { error: DISTANCE_FAILED };
  }
}

/**
 * Driving miles (rounded to 0.1) from the base to a booking's address, for
 * create-booking-checkout's price. Throws a 400 with calculateDistance's sentence when the
 * address has no findable ZIP or lies outside the service area (docs/architecture.md reading 16). Call
 * it before, never inside, a transaction (the real provider makes HTTP calls).
 */
export function checkoutDistance(address: string): number {
  const r = calculateDistance(address);
  if ('error' in r) throw badRequest(r.error);
  return r.distance;
}

/** GET `url` with the key; the parsed JSON body, or null on any failure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- openrouteservice's JSON, read field by field by the callers
function orsGet(url: string, key: string): any {
  try {
    const res = $http.send({ url, method: 'GET', headers: { Authorization: key, Accept: 'application/json, application/geo+json' }, timeout: 10 });
    if (res.statusCode !== 200) {
      logWarning(`openrouteservice answered ${res.statusCode} for ${url.replace(/\?.*$/, '')}`);
      return null;
    }
    return res.json;
  } catch (err) {
    logWarning(`openrouteservice request failed: ${String(err)}`);
    return null;
  }
}

/** openrouteservice: geocode the address, then route by car from `from`; null on failure. */
function routeWithOpenRouteService(address: string, from: LatLon, key: string): DistanceResult | null {
  const base = ($os.getenv('OPENROUTESERVICE_URL') || ORS_DEFAULT_URL).replace(/\/+$/, '');
  const q = (params: Record<string, string>) =>
    Object.entries(params)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');

  const geo = orsGet(`${base}/geocode/search?${q({ text: address, 'boundary.country': 'US', size: '1', 'focus.point.lat': String(from[0]), 'focus.point.lon': String(from[1]) })}`, key);
  const coords = geo?.features?.[0]?.geometry?.coordinates;
  if (!Array.isArray(coords) || !Number.isFinite(Number(coords[0])) || !Number.isFinite(Number(coords[1]))) {
    logWarning('openrouteservice found no location for the address; using the ZIP estimate');
    return null;
  }
  const to: LatLon = [Number(coords[1]), Number(coords[0])];

  const route = orsGet(`${base}/v2/directions/driving-car?${q({ start: `${from[1]},${from[0]}`, end: `${to[1]},${to[0]}` })}`, key);
  const summary = route?.features?.[0]?.properties?.summary;
  if (!summary || typeof summary !== 'object') {
    logWarning('openrouteservice found no route; using the ZIP estimate');
    return null;
  }
  // A zero-length route has an empty summary.
  const meters = Number(summary.distance ?? 0);
  const seconds = Number(summary.duration ?? 0);
  if (!Number.isFinite(meters) || meters < 0 || !Number.isFinite(seconds) || seconds < 0) return null;
  return distanceResult(meters / METERS_PER_MILE, Math.round(seconds / 60));
}
