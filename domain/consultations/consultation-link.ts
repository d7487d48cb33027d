/**
 * What a customer may do with their own consultation through its manage link (the consultation
 * counterpart of docs/decisions/051's one stable link; pb_hooks/src/lib/my-consultation/): see
 * it, pick another free Wednesday slot, or cancel it, while it is pending or confirmed and has
 * not started. Pure and shared by the server (which decides) and the /my-consultation page.
 * Dates `YYYY-MM-DD` and slots 'HH:MM' in America/New_York; times epoch ms.
 */
import { addDays, newYorkTimeMs, type Ymd } from '../schedule/calendar';
import { consultationSlotMinutes } from './consultation';
import { ConsultationStatus } from './consultation-status';
import type { ConsultationRow } from './consultation-row';

/**
 * What the /my-consultation page shows (POST /api/fn/my-consultation and its move and cancel
 * answers): the consultation as stored now, and whether it may still be changed.
 */
export interface MyConsultationView extends Pick<ConsultationRow, 'status'> {
  /** YYYY-MM-DD, New York. */
  date: string;
  /** 'HH:MM' */
  timeSlot: string;
  /** e.g. 'Wednesday, November 25, 2026' and '10:30 AM'. */
  dateLabel: string;
  timeLabel: string;
  customerName: string;
  address: string;
  /** False for a cancelled, done or started consultation: the page is read-only. */
  changeable: boolean;
}

/** A consultation's link works until this many days after the consultation's day. */
export const CONSULTATION_LINK_DAYS = 7;

export const MY_CONSULTATION_MESSAGES = {
  /** A cancelled, done or started consultation: the page shows it read-only. */
  readOnly: 'This consultation can no longer be changed online. Please call us and we will help.',
  /** A change request whose `from` is not the consultation as it is now (a stale page, or a request sent again). */
  staleRequest: 'This consultation has changed since this page was opened, so nothing was changed. Please reload the page and check your consultation.',
  /** A change request without `from`. */
  missingFrom: 'Please reload the page and try again.',
  sameSlot: 'That is already the time of your consultation.',
} as const;

/** When the link of a consultation on `date` stops working: the end of its day plus CONSULTATION_LINK_DAYS. */
export function consultationLinkExpiresAtMs(date: Ymd): number {
  return newYorkTimeMs(addDays(date, CONSULTATION_LINK_DAYS + 1), 0);
}

/** Epoch ms at which the consultation at `date` and slot `timeSlot` ('HH:MM') starts; NaN for an unknown slot. */
export function consultationStartMs(date: Ymd, timeSlot: string): number {
  const span = consultationSlotMinutes(timeSlot);
  // newYorkTimeMs takes whole hours; the half hour is added after.
  return span ? newYorkTimeMs(date, Math.floor(span.start / 60)) + (span.start % 60) * 60_000 : NaN;
}

/** Whether the customer may still move or cancel it: pending or confirmed, and not yet started at `nowMs`. */
export function consultationChangeable(c: { status: ConsultationStatus; date: Ymd; timeSlot: string }, nowMs: number): boolean {
  if (c.status !== ConsultationStatus.Pending && c.status !== ConsultationStatus.Confirmed) return false;
  const start = consultationStartMs(c.date, c.timeSlot);
  return Number.isFinite(start) && start > nowMs;
}
