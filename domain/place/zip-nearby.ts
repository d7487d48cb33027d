/**
 * The ZIP centroids the admin carries for the drive between visits (docs/decisions/035): the
 * ZIPs within NEARBY_ZIP_MILES of the base ZIP, cut from the full table
 * (domain/data/zip-centroids.json, 390 kB, which stays on the server) when the web app is built
 * (web/vite.config.ts, the `virtual:nearby-zips` module) and loaded by the admin's day on demand.
 *
 * Format (NearbyZipTable): the base's centroid in thousandths of a degree, and three arrays of
 * one length sorted by ZIP: `zip`, each the difference from the ZIP before (the first from 0);
 * `lat` and `lon`, each the difference from the base's centroid in thousandths of a degree.
 * Small integers keep the JSON small (about 30 kB, 11 kB gzipped, for 2,600 ZIPs), and they
 * decode to the very numbers the server's table gives, so the phone's estimate is the server's.
 */
import { estimateMiles, type CentroidLookup, type LatLon } from './distance';
import { zipCentroidEntries, zipCentroids } from './zip-centroids';

/**
 * The radius kept, in estimated road miles (domain/place/distance.ts estimateMiles, the measure of
 * the maximum service distance): 2.5 times the default maximum of 60 (domain/place/service-area.ts),
 * so every address served under the default has its ZIP in the subset.
 */
export const NEARBY_ZIP_MILES = 150;

/** Thousandths of a degree, the precision of the full table. */
const SCALE = 1000;

/** The admin's subset of the ZIP table (see the module's docstring for the format). */
export interface NearbyZipTable {
  /** The ZIP the subset is measured from (domain/business.ts baseZip). */
  baseZip: string;
  /** The radius kept, in estimated road miles. */
  miles: number;
  /** The base's centroid, [latitude, longitude] in thousandths of a degree. */
  origin: [number, number];
  /** ZIPs as numbers, each the difference from the one before. */
  zip: number[];
  /** Latitudes minus the origin's, in thousandths of a degree. */
  lat: number[];
  /** Longitudes minus the origin's, in thousandths of a degree. */
  lon: number[];
}

/**
 * The subset of the full compact table (`centroids` of zip-centroids.json) within `miles`
 * estimated road miles of `baseZip`, sorted by ZIP, base included. Throws when the base ZIP is
 * not in the table (a broken build, as in domain/place/service-area.ts).
 */
export function nearbyZipTable(table: Readonly<Record<string, string>>, baseZip: string, miles = NEARBY_ZIP_MILES): NearbyZipTable {
  const base = zipCentroids(table)(baseZip);
  if (!base) throw new Error(`The base ZIP ${baseZip} is not in the centroid table`);
  const origin: [number, number] = [Math.round(base[0] * SCALE), Math.round(base[1] * SCALE)];
  const out: NearbyZipTable = { baseZip, miles, origin, zip: [], lat: [], lon: [] };
  let previous = 0;
  for (const [zip, point] of zipCentroidEntries(table)) {
    if (estimateMiles(base, point) > miles) continue;
    out.zip.push(Number(zip) - previous);
    out.lat.push(Math.round(point[0] * SCALE) - origin[0]);
    out.lon.push(Math.round(point[1] * SCALE) - origin[1]);
    previous = Number(zip);
  }
  return out;
}

/**
 * A centroid lookup over the subset: 5-digit ZIP → [latitude, longitude] in degrees (to
 * 0.001°), or undefined for a ZIP outside it or anything that is not a ZIP. Decodes the whole
 * subset once (a few thousand entries).
 */
export function nearbyZipLookup(t: NearbyZipTable): CentroidLookup {
  const points = new Map<string, LatLon>();
  let zip = 0;
  const n = Math.min(t.zip.length, t.lat.length, t.lon.length);
  for (let i = 0; i < n; i++) {
    zip += t.zip[i]!;
    points.set(String(zip).padStart(5, '0'), [(t.origin[0] + t.lat[i]!) / SCALE, (t.origin[1] + t.lon[i]!) / SCALE]);
  }
  return (z) => points.get(z);
}
