/**
 * The travel buffer (docs/product.md §9 Schedule; docs/decisions/035 for the drive estimate): a
 * customer's visit right after (or before) another visit that day is offered only when the
 * drive between the two addresses fits in the time between them plus the owner's buffer (the
 * `travel_buffer_minutes` setting). The drive is the admin's day-drive estimate (ZIP centroids,
 * domain/schedule/drive.ts driveBetween), so the calendar refuses what the owner's day view
 * would warn about afterwards. Pure: the centroid lookup is passed in.
 *
 * Like the overlap check (domain/schedule/overlap.ts slotTaken), which crew drives is not
 * stored: a booking counts against the slot when one of its visits overlaps it or is too far to
 * reach in time, and the slot stays open while fewer bookings than crews count against it.
 * A visit whose ZIP is unknown never counts for its drive: no refusal rather than a wrong one.
 */
import type { CentroidLookup } from '../place/distance';
import { driveBetween } from './drive';

/** Minutes the owner allows a drive to run into the next visit, unless set otherwise. */
export const DEFAULT_TRAVEL_BUFFER_MINUTES = 30;
/** Allowed buffer, in whole minutes. */
export const BUFFER_MINUTES_RANGE = { min: 0, max: 240 } as const;

/** Whether `n` is a whole number of minutes within BUFFER_MINUTES_RANGE. */
export function isBufferMinutes(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= BUFFER_MINUTES_RANGE.min && n <= BUFFER_MINUTES_RANGE.max;
}

/** The stored `travel_buffer_minutes` setting, or the default when missing or malformed. */
export function bufferFrom(value: unknown): number {
  return isBufferMinutes(value) ? value : DEFAULT_TRAVEL_BUFFER_MINUTES;
}

/** A visit on the day: minutes after midnight (New York), end exclusive, and its address's ZIP. */
export interface PlacedVisit {
  start: number;
  end: number;
  zip: string | null;
}

/** What the travel check needs: the new visit's ZIP, the owner's buffer and the centroids. */
export interface TravelCheck {
  zip: string | null;
  bufferMinutes: number;
  centroid: CentroidLookup;
}

/**
 * The estimated drive (minutes) between two visits that do not overlap, when it does not fit
 * in the time between them plus `bufferMinutes`; null when it fits, they overlap (the overlap
 * check's business) or a ZIP is unknown.
 */
export function driveShortfall(a: PlacedVisit, b: PlacedVisit, bufferMinutes: number, centroid: CentroidLookup): { minutes: number; gapMinutes: number } | null {
  const [first, second] = a.end <= b.start ? [a, b] : b.end <= a.start ? [b, a] : [null, null];
  if (!first || !second) return null;
  const drive = driveBetween(first.zip, second.zip, centroid);
  if (!drive) return null;
  const gapMinutes = second.start - first.end;
  return drive.minutes > gapMinutes + bufferMinutes ? { minutes: drive.minutes, gapMinutes } : null;
}

/**
 * True when at least `crews` bookings count against a new visit `slot` at ZIP `travel.zip`:
 * a booking counts when one of its visits overlaps the slot or its drive to or from the slot
 * does not fit (driveShortfall). With no travel check, the overlap alone (slotTaken).
 */
export function slotBlocked(slot: { start: number; end: number }, visitsByBooking: readonly (readonly PlacedVisit[])[], crews: number, travel: TravelCheck | null): boolean {
  const placed: PlacedVisit = { ...slot, zip: travel?.zip ?? null };
  let counted = 0;
  for (const visits of visitsByBooking) {
    const counts = visits.some((v) => (v.start < slot.end && slot.start < v.end) || (travel !== null && driveShortfall(v, placed, travel.bufferMinutes, travel.centroid) !== null));
    if (counts) counted++;
    if (counted >= Math.max(1, crews)) return true;
  }
  return false;
}
