/**
 * The admin schedule (docs/product.md §2 Admin dashboard, Schedule): the installs and removals of
 * bookings and the consultations of one date, sorted by the starting hour of their slot, and
 * which dates hold any item (underlined on the calendar). Pure: callers pass the rows they
 * mirror and "now" (an unpaid checkout hold counts only until it expires).
 */
import type { Ymd } from './calendar';
import { isActiveBooking, type BookingSchedule } from './overlap';
import { CONSULTATION_SLOTS, formatSlotRange, parseSlotId } from './slots';
import { ConsultationStatus } from '../consultations/consultation-status';
import type { ConsultationRow } from '../consultations/consultation-row';

export type ScheduleItemKind = 'install' | 'removal' | 'consultation';

/** The consultation fields the schedule reads (PocketBase record shape). */
export type ConsultationSchedule = Pick<ConsultationRow, 'id' | 'status' | 'consultation_date' | 'consultation_time_slot'>;

export interface ScheduleItem {
  kind: ScheduleItemKind;
  /** The booking's or consultation's record id. */
  recordId: string;
  /** Unique within a day: kind and record id. */
  key: string;
  date: Ymd;
  /** Starting hour as a number of hours after midnight (9.5 for '09:30'); NaN when unreadable. */
  startHour: number;
  /** The slot as the admin reads it: '9 AM - 5 PM', or '9:30 AM' for a consultation. */
  timeText: string;
}

/** Consultations on the schedule: all but cancelled ones (docs/product.md §4 consultation status). */
export function isScheduledConsultation(c: Pick<ConsultationSchedule, 'status'>): boolean {
  return c.status !== ConsultationStatus.Cancelled;
}

/** Start of a consultation slot 'HH:MM' in hours (9.5 for '09:30'); NaN for anything else. */
export function consultationStartHour(slot: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(slot);
  return m ? Number(m[1]) + Number(m[2]) / 60 : NaN;
}

/** '09:30' → '9:30 AM' (the consultation slot's own label); the raw text when unknown. */
export function formatConsultationSlot(slot: string): string {
  return CONSULTATION_SLOTS.find((s) => s.id === slot)?.label ?? slot;
}

function bookingItems(b: BookingSchedule & { id: string }, date: Ymd): ScheduleItem[] {
  const out: ScheduleItem[] = [];
  const visits: [ScheduleItemKind, string | null | undefined, string | null | undefined][] = [
    ['install', b.install_date, b.install_time_slot],
    ['removal', b.removal_date, b.removal_time_slot],
  ];
  for (const [kind, day, slot] of visits) {
    if (day !== date) continue;
    out.push({
      kind,
      recordId: b.id,
      key: `${kind}:${b.id}`,
      date,
      startHour: parseSlotId(slot)?.startHour ?? NaN,
      timeText: formatSlotRange(slot ?? ''),
    });
  }
  return out;
}

const KIND_ORDER: Record<ScheduleItemKind, number> = { install: 0, removal: 1, consultation: 2 };

/**
 * Orders items by starting hour (earliest first; unreadable slots last), then installs before
 * removals before consultations, then by record id so the order never changes between renders.
 */
export function compareScheduleItems(a: ScheduleItem, b: ScheduleItem): number {
  const ha = Number.isNaN(a.startHour) ? Infinity : a.startHour;
  const hb = Number.isNaN(b.startHour) ? Infinity : b.startHour;
  if (ha !== hb) return ha < hb ? -1 : 1;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  return a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : 0;
}

/**
 * Everything scheduled on `date`: the install and removal visits of bookings that hold their
 * slots at `nowMs` (domain/schedule/overlap.ts isActiveBooking: paid or confirmed, or an unexpired
 * checkout hold; never cancelled or flagged ones) and the consultations that are not cancelled,
 * sorted by compareScheduleItems.
 */
export function scheduleItemsOn(date: Ymd, bookings: readonly (BookingSchedule & { id: string })[], consultations: readonly ConsultationSchedule[], nowMs: number): ScheduleItem[] {
  const items: ScheduleItem[] = [];
  for (const b of bookings) if (isActiveBooking(b, nowMs)) items.push(...bookingItems(b, date));
  for (const c of consultations) {
    if (c.consultation_date !== date || !isScheduledConsultation(c)) continue;
    items.push({
      kind: 'consultation',
      recordId: c.id,
      key: `consultation:${c.id}`,
      date,
      startHour: consultationStartHour(c.consultation_time_slot),
      timeText: formatConsultationSlot(c.consultation_time_slot),
    });
  }
  return items.sort(compareScheduleItems);
}

/** Every date holding at least one item of scheduleItemsOn (the calendar underlines them). */
export function scheduledDates(bookings: readonly BookingSchedule[], consultations: readonly ConsultationSchedule[], nowMs: number): Set<Ymd> {
  const dates = new Set<Ymd>();
  for (const b of bookings) {
    if (!isActiveBooking(b, nowMs)) continue;
    if (b.install_date) dates.add(b.install_date);
    if (b.removal_date) dates.add(b.removal_date);
  }
  for (const c of consultations) if (c.consultation_date && isScheduledConsultation(c)) dates.add(c.consultation_date);
  return dates;
}
