/**
 * Time slots (docs/product.md §3 Time slot, §5 Dates, §9 Schedule). Booking slots are `start-end` hour
 * strings in America/New_York (`9-12`); consultation slots are `HH:MM` half-hours.
 */
import { weekdayOf, type Ymd } from './calendar';
import type { TreeSize } from '../catalog';

export type VisitKind = 'install' | 'removal';

/** What a visit is called in sentences and e-mails: 'installation' or 'removal'. */
export const visitName = (kind: VisitKind): string => (kind === 'install' ? 'installation' : 'removal');

export interface TimeSlot {
  /** `start-end` in whole hours, e.g. "9-15". */
  id: string;
  /** e.g. "Morning Install"; contains "Install" for install slots (docs/product.md §7 check_slot_overlap). */
  label: string;
  /** e.g. "9:00 AM – 3:00 PM". */
  time: string;
  startHour: number;
  endHour: number;
}

/** Slot hours by tree size: 3-, 6- and 9-hour visits starting at 9, 12, 15 or 18. */
export const SLOT_HOURS: Record<TreeSize, readonly (readonly [number, number])[]> = {
  '5-7ft': [
    [9, 12],
    [12, 15],
    [15, 18],
    [18, 21],
  ],
  '7.5-9ft': [
    [9, 15],
    [12, 18],
    [15, 21],
  ],
  '10-12ft': [
    [9, 18],
    [12, 21],
  ],
};

/**
 * A season's closing hours: weekday (0 Sunday … 6 Saturday) → the whole hour (12–23, New York
 * time) by which its visits end. A weekday left out closes as DEFAULT_CLOSING_HOURS says, so
 * {} (a season that never set them) is the docs/product.md pattern (docs/decisions/055).
 */
export type ClosingHours = Readonly<Partial<Record<number, number>>>;

/** The docs/product.md §9 pattern: 6 PM on Sundays, 9 PM otherwise. */
export const DEFAULT_CLOSING_HOURS: Readonly<Record<number, number>> = { 0: 18, 1: 21, 2: 21, 3: 21, 4: 21, 5: 21, 6: 21 };

/** The range a season's closing hour may take (whole hours, 12 PM to 11 PM). */
export const CLOSING_HOUR_RANGE = { min: 12, max: 23 } as const;

/**
 * Closing hour of a date: the season's hour for its weekday (`closing`, a season record's
 * closingHours), else the pattern, 18 (6 PM) on Sundays and 21 (9 PM) otherwise.
 */
export function closingHour(date: Ymd, closing?: ClosingHours | null): number {
  const day = weekdayOf(date);
  return closing?.[day] ?? DEFAULT_CLOSING_HOURS[day]!;
}

/** Every weekday's closing hour under `closing` (the pattern where it says nothing), 0 Sunday … 6 Saturday. */
export function closingWeek(closing?: ClosingHours | null): number[] {
  return [0, 1, 2, 3, 4, 5, 6].map((d) => closing?.[d] ?? DEFAULT_CLOSING_HOURS[d]!);
}

/** "9 AM", "12 PM", "5 PM". */
export function formatHour(hour: number): string {
  const h = ((hour + 11) % 12) + 1;
  return `${h} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;
}

function formatClock(hour: number, minute = 0): string {
  const h = ((hour + 11) % 12) + 1;
  return `${h}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

function partOfDay(startHour: number): string {
  if (startHour < 12) return 'Morning';
  if (startHour < 15) return 'Midday';
  if (startHour < 18) return 'Afternoon';
  return 'Evening';
}

/** Parses "9-12" into hours; null for anything else (including start ≥ end). */
export function parseSlotId(id: unknown): { startHour: number; endHour: number } | null {
  if (typeof id !== 'string') return null;
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(id);
  if (!m) return null;
  const startHour = Number(m[1]);
  const endHour = Number(m[2]);
  if (startHour >= endHour || endHour > 24) return null;
  return { startHour, endHour };
}

/** Admin display of a stored slot: "9-17" → "9 AM - 5 PM" (docs/product.md §2 Admin dashboard). */
export function formatSlotRange(id: string): string {
  const p = parseSlotId(id);
  return p ? `${formatHour(p.startHour)} - ${formatHour(p.endHour)}` : id;
}

function toSlot(startHour: number, endHour: number, kind: VisitKind): TimeSlot {
  return {
    id: `${startHour}-${endHour}`,
    label: `${partOfDay(startHour)} ${kind === 'install' ? 'Install' : 'Removal'}`,
    time: `${formatClock(startHour)} – ${formatClock(endHour)}`,
    startHour,
    endHour,
  };
}

/**
 * The slots offered on a date for a tree size: those ending after closing (the season's
 * `closing` hours, else the pattern) are hidden.
 */
export function slotsFor(size: TreeSize, date: Ymd, kind: VisitKind, closing?: ClosingHours | null): TimeSlot[] {
  const end = closingHour(date, closing);
  return SLOT_HOURS[size].filter(([, e]) => e <= end).map(([s, e]) => toSlot(s, e, kind));
}

/**
 * The slot with `id` offered on `date` for `size` under the season's `closing` hours (else the
 * pattern), or null when not offered (past closing, wrong size).
 */
export function findSlot(size: TreeSize, date: Ymd, kind: VisitKind, id: string, closing?: ClosingHours | null): TimeSlot | null {
  return slotsFor(size, date, kind, closing).find((s) => s.id === id) ?? null;
}

/** The 24 consultation slots, 08:00 to 19:30, 30 minutes each (docs/product.md §9). */
export const CONSULTATION_SLOTS: readonly { id: string; label: string }[] = Array.from({ length: 24 }, (_, i) => {
  const hour = 8 + Math.floor(i / 2);
  const minute = (i % 2) * 30;
  return { id: `${String(hour).padStart(2, '0')}:${minute === 0 ? '00' : '30'}`, label: formatClock(hour, minute) };
});
