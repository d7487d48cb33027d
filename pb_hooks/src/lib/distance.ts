/**
 * Travel distance from the business's base to an address (DESIGN.md decision 8; SPEC.md §7
 * calculate-distance, §9 Travel), used by the calculate-distance route and by the checkout so
 * the price uses the server's distance, never the client's.
 *
 * Default provider: bundled ZIP-code centroids (domain/data/zip-centroids.json) times a
 * road-circuity factor. With OPENROUTESERVICE_API_KEY set, openrouteservice geocodes the
 * address and routes by car from the base ZIP's centroid; if that fails, the ZIP estimate is
 * used (logged), so a provider outage never blocks a booking. OPENROUTESERVICE_URL overrides
 * the API's base URL (tests).
 */
import { BUSINESS } from '@domain/business';
import {
  centroidTable,
  distanceResult,
  estimateDistance,
  type DistanceError,
  type DistanceResult,
  type LatLon,
} from '@domain/distance';
import zipData from '@domain/data/zip-centroids.json';

const centroid = centroidTable(zipData.centroids as Record<string, number[]>);
const METERS_PER_MILE = 1609.344;
const ORS_DEFAULT_URL = 'https://api.openrouteservice.org';
/** Longest address looked up (the contact schema's limit). */
const MAX_ADDRESS = 500;

export const DISTANCE_FAILED = 'The distance could not be calculated for this address.';

/**
 * The distance result for an address: driving miles (0.1), minutes and travel fee in cents,
 * or { error } with a plain sentence. Never throws.
 */
export function calculateDistance(address: string): DistanceResult | DistanceError {
  const text = address.trim();
  if (text.length < 5 || text.length > MAX_ADDRESS) return { error: 'Please enter the full installation address.' };
  try {
    const key = $os.getenv('OPENROUTESERVICE_API_KEY');
    if (key) {
      const routed = routeWithOpenRouteService(text, key);
      if (routed) return routed;
    }
    return estimateDistance(text, BUSINESS.baseZip, centroid);
  } catch (err) {
    console.error('calculate-distance failed:', String(err));
    return { error: DISTANCE_FAILED };
  }
}

/**
 * Driving miles (rounded to 0.1) from the base to `address`, or null when unknown (then the
 * travel fee is 0, SPEC.md §7). For create-booking-checkout: call it before, never inside, a
 * transaction (the real provider makes HTTP calls).
 */
export function lookupDistanceMiles(address: string): number | null {
  const r = calculateDistance(address);
  return 'distance' in r ? r.distance : null;
}

/** GET `url` with the key; the parsed JSON body, or null on any failure. */
function orsGet(url: string, key: string): any {
  try {
    const res = $http.send({ url, method: 'GET', headers: { Authorization: key, Accept: 'application/json, application/geo+json' }, timeout: 10 });
    if (res.statusCode !== 200) {
      console.warn(`openrouteservice answered ${res.statusCode} for ${url.replace(/\?.*$/, '')}`);
      return null;
    }
    return res.json;
  } catch (err) {
    console.warn('openrouteservice request failed:', String(err));
    return null;
  }
}

/** openrouteservice: geocode the address, then route by car from the base; null on failure. */
function routeWithOpenRouteService(address: string, key: string): DistanceResult | null {
  const base = ($os.getenv('OPENROUTESERVICE_URL') || ORS_DEFAULT_URL).replace(/\/+$/, '');
  const from = centroid(BUSINESS.baseZip);
  if (!from) return null;
  const q = (params: Record<string, string>) =>
    Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

  const geo = orsGet(
    `${base}/geocode/search?${q({ text: address, 'boundary.country': 'US', size: '1', 'focus.point.lat': String(from[0]), 'focus.point.lon': String(from[1]) })}`,
    key,
  );
  const coords = geo?.features?.[0]?.geometry?.coordinates;
  if (!Array.isArray(coords) || !Number.isFinite(Number(coords[0])) || !Number.isFinite(Number(coords[1]))) {
    console.warn('openrouteservice found no location for the address; using the ZIP estimate');
    return null;
  }
  const to: LatLon = [Number(coords[1]), Number(coords[0])];

  const route = orsGet(`${base}/v2/directions/driving-car?${q({ start: `${from[1]},${from[0]}`, end: `${to[1]},${to[0]}` })}`, key);
  const summary = route?.features?.[0]?.properties?.summary;
  if (!summary || typeof summary !== 'object') {
    console.warn('openrouteservice found no route; using the ZIP estimate');
    return null;
  }
  // A zero-length route has an empty summary.
  const meters = Number(summary.distance ?? 0);
  const seconds = Number(summary.duration ?? 0);
  if (!Number.isFinite(meters) || meters < 0 || !Number.isFinite(seconds) || seconds < 0) return null;
  return distanceResult(meters / METERS_PER_MILE, Math.round(seconds / 60));
}
