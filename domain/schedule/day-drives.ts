/**
 * The drive between visits on the owner's day (docs/decisions/035): between two consecutive
 * visits of one crew, the estimated drive ('About 25 min drive, 14 mi') by the estimate the
 * travel fee uses (ZIP centroids, domain/place/distance.ts), and a warning when the schedule leaves
 * less time between them than the drive. Pure: the centroid lookup is passed in.
 *
 * Times are minutes after midnight on the day shown (America/New_York). A visit keeps its crew
 * for its whole slot (domain/schedule/overlap.ts: a booking's visit is busy over [slot start, slot end),
 * the slot being the work hours of its tree size, domain/schedule/slots.ts), so the time left for the
 * drive is the next visit's slot start minus this visit's slot end. The arrival window
 * (domain/booking/policies.ts) is a promise of leeway to the customer, not planned driving time.
 *
 * Which crew does which visit is not stored: overlap only counts a slot's bookings against the
 * number of crews. So visits are chained as a dispatcher would (dayDrives); consultations are the
 * owner's own route, since booking one never takes a crew (only another consultation's slot).
 */
import { consultationSlotMinutes } from '../consultations/consultation';
import { parseZip, type CentroidLookup } from '../place/distance';
import { driveBetween } from './drive';
import type { ScheduleItem } from './schedule';
import { parseSlotId } from './slots';
import type { BookingRow } from '../booking/booking-row';
import type { ConsultationRow } from '../consultations/consultation-row';

// The estimate itself lives in drive.ts, which the calendar's small bundle can hold
// (docs/decisions/018): this module brings the consultation schema with it.
export { MIN_DRIVE_MINUTES, driveBetween } from './drive';

/** Who drives between the stops: a crew (installs, removals) or the owner (consultations). */
export type DayRoute = 'crew' | 'owner';

/** One stop of the day, as dayDrives reads it. */
export interface DayStop {
  /** Unique within the day: the schedule item's key ('install:abc123'). */
  id: string;
  route: DayRoute;
  /** The ZIP the address gives (domain/place/distance.ts parseZip), or null. */
  zip: string | null;
  /** Start of the busy interval, minutes after midnight. */
  start: number;
  /** End of the busy interval (exclusive), minutes after midnight. */
  end: number;
}

/** The estimated drive from one stop to the next of the same crew (or of the owner). */
export interface DriveLeg {
  fromId: string;
  toId: string;
  /** Estimated road miles, to 0.1 mile. */
  miles: number;
  /** Both addresses are in one ZIP (miles is then 0: the estimate knows no better). */
  sameZip: boolean;
  /** Estimated driving minutes, whole, at least MIN_DRIVE_MINUTES. */
  minutes: number;
  /** Minutes from the end of the first stop's busy interval to the start of the next's (≥ 0). */
  gapMinutes: number;
  /** The gap is shorter than the drive. */
  tooShort: boolean;
}

/**
 * The drive legs of a day, in the order of `stops`' arrival stops.
 *
 * Each route is chained on its own, stops taken by start (then in the given order): a stop
 * follows one of the chains whose last stop has ended by its start (a free crew), else it
 * starts a chain of its own (a crew leaving from home; no leg). Among free crews, the one that
 * can make the drive in time is preferred, then the nearest, then the one freed last; so a
 * warning means no free crew has the time, and with one crew (or the owner's consultations)
 * each stop simply follows the one before. A new chain is opened only when every crew is busy,
 * so there are never more chains than visits at once, which overlap keeps within the crews.
 *
 * A stop whose ZIP is unknown still takes its place in its chain, but legs to and from it are
 * left out: no drive line rather than a wrong one.
 */
export function dayDrives(stops: readonly DayStop[], centroid: CentroidLookup): DriveLeg[] {
  const legs = new Map<string, DriveLeg>();
  for (const route of ['crew', 'owner'] as const) {
    const ordered = stops.filter((s) => s.route === route).sort((a, b) => a.start - b.start);
    /** The last stop of each chain so far. */
    const chains: DayStop[] = [];
    for (const stop of ordered) {
      let best = -1;
      let bestLeg: DriveLeg | null = null;
      for (let i = 0; i < chains.length; i++) {
        const last = chains[i]!;
        if (last.end > stop.start) continue;
        const leg = legBetween(last, stop, centroid);
        if (best < 0 || isBetter({ leg, end: last.end }, { leg: bestLeg, end: chains[best]!.end })) {
          best = i;
          bestLeg = leg;
        }
      }
      if (best < 0) {
        chains.push(stop);
        continue;
      }
      chains[best] = stop;
      if (bestLeg) legs.set(stop.id, bestLeg);
    }
  }
  return stops.flatMap((s) => legs.get(s.id) ?? []);
}

function legBetween(from: DayStop, to: DayStop, centroid: CentroidLookup): DriveLeg | null {
  const drive = driveBetween(from.zip, to.zip, centroid);
  if (!drive) return null;
  const gapMinutes = to.start - from.end;
  return { fromId: from.id, toId: to.id, ...drive, gapMinutes, tooShort: gapMinutes < drive.minutes };
}

/** Rank of a free crew for the next stop: in time first, then too late, then unknown. */
function rank(leg: DriveLeg | null): number {
  return !leg ? 2 : leg.tooShort ? 1 : 0;
}

/** Whether crew `a` (its leg to the stop, when estimated, and when it is free) suits the stop better than `b`. */
function isBetter(a: { leg: DriveLeg | null; end: number }, b: { leg: DriveLeg | null; end: number }): boolean {
  if (rank(a.leg) !== rank(b.leg)) return rank(a.leg) < rank(b.leg);
  if (a.leg && b.leg && a.leg.minutes !== b.leg.minutes) return a.leg.minutes < b.leg.minutes;
  return a.end > b.end;
}

/** The booking fields dayStops reads. */
export type StopBooking = Pick<BookingRow, 'customer_address' | 'install_time_slot'> & Partial<Pick<BookingRow, 'removal_time_slot'>>;

/** The consultation fields dayStops reads. */
export type StopConsultation = Pick<ConsultationRow, 'customer_address' | 'consultation_time_slot'>;

/**
 * The stops of a day's schedule items (domain/schedule/schedule.ts scheduleItemsOn), with the records
 * they come from by id: an install or removal is busy over its slot's hours, a consultation
 * over its 30 minutes; the ZIP is the one the address gives (parseZip). Items whose record or
 * slot cannot be read are left out.
 */
export function dayStops(items: readonly ScheduleItem[], bookings: ReadonlyMap<string, StopBooking>, consultations: ReadonlyMap<string, StopConsultation>): DayStop[] {
  const out: DayStop[] = [];
  for (const item of items) {
    if (item.kind === 'consultation') {
      const c = consultations.get(item.recordId);
      const slot = c && consultationSlotMinutes(c.consultation_time_slot);
      if (slot) out.push({ id: item.key, route: 'owner', zip: parseZip(c.customer_address), start: slot.start, end: slot.end });
      continue;
    }
    const b = bookings.get(item.recordId);
    const slot = b && parseSlotId(item.kind === 'install' ? b.install_time_slot : b.removal_time_slot);
    if (slot) out.push({ id: item.key, route: 'crew', zip: parseZip(b.customer_address), start: slot.startHour * 60, end: slot.endHour * 60 });
  }
  return out;
}

/** '25 min', '1 h', '1 h 35 min'. */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** 'About 25 min drive, 14 mi' (whole miles; 'under 1 mi'; 'same ZIP' when the estimate cannot tell). */
export function driveText(leg: Pick<DriveLeg, 'minutes' | 'miles' | 'sameZip'>): string {
  const distance = leg.sameZip ? 'same ZIP' : leg.miles < 1 ? 'under 1 mi' : `${Math.round(leg.miles)} mi`;
  return `About ${minutesText(leg.minutes)} drive, ${distance}`;
}

/** 'Only 20 min between these visits; the drive is about 35 min.' ('No time between…' for back-to-back slots). */
export function gapWarningText(leg: Pick<DriveLeg, 'minutes' | 'gapMinutes'>): string {
  const gap = leg.gapMinutes <= 0 ? 'No time' : `Only ${minutesText(leg.gapMinutes)}`;
  return `${gap} between these visits; the drive is about ${minutesText(leg.minutes)}.`;
}
