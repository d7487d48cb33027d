/**
 * Minimum notice (docs/product.md §5 Dates, §9 Schedule): a customer may book a visit only so
 * many hours ahead of its start, per package for the crew's visits and on its own for the
 * owner's consultations. The owner sets the hours in the `notice` setting (admin Settings);
 * a missing or malformed value falls back to the defaults, so a bad setting never breaks
 * booking. The owner's own bookings and moves from the admin are not held to it.
 *
 * Hours are elapsed hours, not wall-clock hours: 48 hours before a visit on the Monday after the
 * clocks change is still 48 real hours (America/New_York, domain/schedule/calendar.ts).
 */
import { newYorkTimeMs, type Ymd } from './calendar';
import type { PackageSlug, TreeSize } from '../catalog';
import { CONSULTATION_SLOTS, slotsFor, type ClosingHours, type VisitKind } from './slots';

/** Hours of notice before an installation or removal, unless the owner sets otherwise. */
export const DEFAULT_VISIT_NOTICE_HOURS = 48;
/** Hours of notice before a consultation, unless the owner sets otherwise. */
export const DEFAULT_CONSULTATION_NOTICE_HOURS = 24;
/** Allowed notice, in whole hours (up to 30 days). */
export const NOTICE_HOURS_RANGE = { min: 0, max: 720 } as const;

/** The minimum notice the customer's bookings need (key `notice` of `settings`, read by noticeFrom). */
export interface NoticeHours {
  /** Hours before an installation or removal, per package. */
  visit: Record<PackageSlug, number>;
  /** Hours before a consultation. */
  consultation: number;
}

/** The defaults: 48 hours before any package's visit, 24 before a consultation. */
export const DEFAULT_NOTICE: NoticeHours = {
  visit: { 'adorned-arrangement': DEFAULT_VISIT_NOTICE_HOURS, 'elevated-arbor': DEFAULT_VISIT_NOTICE_HOURS, 'curated-christmas': DEFAULT_VISIT_NOTICE_HOURS },
  consultation: DEFAULT_CONSULTATION_NOTICE_HOURS,
};

/**
 * Every package's slug, from the defaults (their type holds each package): the notice rules then
 * need only the catalogue's types, and the consultation page, which uses them, does not load the
 * catalogue's prices (docs/architecture.md "What a page loads").
 */
const NOTICE_PACKAGES = Object.keys(DEFAULT_NOTICE.visit) as PackageSlug[];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether `n` is a whole number of hours within NOTICE_HOURS_RANGE. */
export function isNoticeHours(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= NOTICE_HOURS_RANGE.min && n <= NOTICE_HOURS_RANGE.max;
}

/**
 * The notice hours stored as `{ visit_hours: { <package slug>: n }, consultation_hours: n }`
 * (the `notice` setting); each missing or malformed value is its default.
 */
export function noticeFrom(value: unknown): NoticeHours {
  const v = isObject(value) ? value : {};
  const visitHours = isObject(v.visit_hours) ? v.visit_hours : {};
  const visit = { ...DEFAULT_NOTICE.visit };
  for (const slug of NOTICE_PACKAGES) if (isNoticeHours(visitHours[slug])) visit[slug] = visitHours[slug];
  return { visit, consultation: isNoticeHours(v.consultation_hours) ? v.consultation_hours : DEFAULT_NOTICE.consultation };
}

/**
 * Hours of notice before a visit of package `pkg`; for an unknown package (the calendar before
 * one is chosen) the longest, so nothing shown as open is refused later.
 */
export function visitNoticeHours(notice: NoticeHours, pkg: string | null | undefined): number {
  if (pkg && pkg in notice.visit) return notice.visit[pkg as PackageSlug];
  return Math.max(...NOTICE_PACKAGES.map((s) => notice.visit[s]));
}

/** Epoch ms at which a visit starting `startMinutes` after midnight on `date` (New York) begins. */
export function visitStartMs(date: Ymd, startMinutes: number): number {
  return newYorkTimeMs(date, Math.floor(startMinutes / 60)) + (startMinutes % 60) * 60_000;
}

/**
 * True when a visit starting `startMinutes` after midnight on `date` (New York) starts less
 * than `hours` hours after `nowMs` (epoch ms): too soon for a customer to book. Exactly
 * `hours` ahead is allowed.
 */
export function insideNotice(date: Ymd, startMinutes: number, nowMs: number, hours: number): boolean {
  return visitStartMs(date, startMinutes) < nowMs + hours * 3_600_000;
}

/**
 * Whether a visit starting `startMinutes` after midnight on `date` (New York) has started at
 * `nowMs`: the owner may book any time not yet started, today's too (docs/decisions/059).
 */
export function visitStarted(date: Ymd, startMinutes: number, nowMs: number): boolean {
  return insideNotice(date, startMinutes, nowMs, 0);
}

/** The owner's refusal (400) of a time already started, e.g. for an installation. */
export function startedRefusal(visit: 'installation' | 'removal'): string {
  return `That ${visit} time has already started. Please choose a later time.`;
}

/** Why the owner can book no `kind` visit of a `size` tree on `date` at `nowMs`: every slot offered has started; else null. */
export function visitDayStartedProblem(date: Ymd, size: TreeSize, kind: VisitKind, nowMs: number, closing?: ClosingHours | null): string | null {
  const slots = slotsFor(size, date, kind, closing);
  return slots.length > 0 && slots.every((s) => visitStarted(date, s.startHour * 60, nowMs)) ? 'Every time on this day has started.' : null;
}

/** "Bookings need 48 hours' notice." (the calendars' hint and the refusals' reason). */
export function noticeHint(hours: number): string {
  return `Bookings need ${hours} ${hours === 1 ? "hour's" : "hours'"} notice.`;
}

/** The hold's refusal (409) of a visit inside the notice, e.g. for an installation. */
export function noticeRefusal(visit: 'installation' | 'removal' | 'consultation', hours: number): string {
  return `That ${visit} time is too soon: bookings need ${hours} ${hours === 1 ? "hour's" : "hours'"} notice. Please choose a later time.`;
}

/**
 * Why a customer cannot book any `kind` visit of a `size` tree on `date` for want of notice
 * (every slot offered that day, under the season's `closing` hours, starts inside it), or null:
 * what the calendars disable, with the availability answer's reason.
 */
export function visitDayNoticeProblem(date: Ymd, size: TreeSize, kind: VisitKind, nowMs: number, hours: number, closing?: ClosingHours | null): string | null {
  const slots = slotsFor(size, date, kind, closing);
  if (slots.length === 0) return null;
  return slots.every((s) => insideNotice(date, s.startHour * 60, nowMs, hours)) ? noticeHint(hours) : null;
}

/** Minutes after midnight of a consultation slot 'HH:MM'. */
function consultationStart(id: string): number {
  const [h, m] = id.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Whether the consultation slot 'HH:MM' on `date` starts inside `hours` of notice. */
export function consultationInsideNotice(date: Ymd, slotId: string, nowMs: number, hours: number): boolean {
  return insideNotice(date, consultationStart(slotId), nowMs, hours);
}

/** Why no consultation can be booked on `date` for want of notice (its last slot starts inside it), or null. */
export function consultationDayNoticeProblem(date: Ymd, nowMs: number, hours: number): string | null {
  const last = CONSULTATION_SLOTS[CONSULTATION_SLOTS.length - 1]!;
  return consultationInsideNotice(date, last.id, nowMs, hours) ? noticeHint(hours) : null;
}
