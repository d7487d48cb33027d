/**
 * The estimated drive between two addresses' ZIPs (docs/decisions/035): the estimate the travel
 * fee uses (ZIP centroids times road circuity, domain/place/distance.ts), read by the owner's day
 * (day-drives.ts) and the travel buffer (travel-buffer.ts). Kept apart, with no schema, so the
 * booking calendar's small hooks bundle can hold it (docs/decisions/018). Pure: the centroid
 * lookup is passed in.
 */
import { estimateDurationMinutes, estimateMiles, type CentroidLookup } from '../place/distance';
import { roundMiles } from '../place/travel';

/**
 * The least a drive between two visits is taken to last (minutes): packing up, walking to the
 * van and parking take this much even next door, and two addresses in one ZIP are 0 miles
 * apart by centroids.
 */
export const MIN_DRIVE_MINUTES = 5;

/**
 * The estimated drive between two ZIPs: estimated road miles to 0.1 mile, and minutes at the
 * average speed (as the travel fee's distanceResult rounds them), at least MIN_DRIVE_MINUTES.
 * Null when either ZIP is missing or not in `centroid` (no estimate rather than a wrong one).
 */
export function driveBetween(fromZip: string | null, toZip: string | null, centroid: CentroidLookup): { miles: number; minutes: number; sameZip: boolean } | null {
  const from = fromZip ? centroid(fromZip) : undefined;
  const to = toZip ? centroid(toZip) : undefined;
  if (!from || !to) return null;
  const miles = roundMiles(estimateMiles(from, to));
  return { miles, minutes: Math.max(MIN_DRIVE_MINUTES, estimateDurationMinutes(miles)), sameZip: fromZip === toZip };
}
