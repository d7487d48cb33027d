/**
 * GET /api/fn/consultation-full-days: which Wednesdays of the consultation window have every
 * slot taken, in one read, so the consultation calendars (/consultation and /my-consultation's
 * 'Pick another time') mark them 'Full', not choosable, and open on the first month with a
 * Wednesday that still has a time (docs/product.md §2 Date picker, Consultation request).
 * A day is full exactly when GET /api/fn/consultation-slots would answer it bookable with every
 * slot taken (the same consultationDayAnswer, without the travel check). Anonymous: it answers
 * dates only, read with their slots in one query for the window (never anyone's request), and
 * at most FULL_DAYS_MAX_SPAN dates, as GET /api/fn/full-days (pb_hooks/src/lib/bookings/full-days-route.ts).
 *
 * 200 { from, to, full: ['YYYY-MM-DD', …] } (`from` the day after today or the window's start,
 * `to` its end; `full` sorted, empty when the window has passed). It takes no parameters.
 */
import { addDays } from '@domain/schedule/calendar';
import { consultationDayAnswer } from '@domain/schedule/consultation-choices';
import { datesBetween, isFullDay } from '@domain/schedule/full-days';
import { takenConsultationSlotsBetween } from './consultations-repo';
import { nowMs } from '../clock';
import { loadDateContext, loadNotice } from '../settings';

const NONE: ReadonlySet<string> = new Set();

export function consultationFullDaysRoute(e: core.RequestEvent): void {
  const ctx = loadDateContext($app);
  const window = ctx.season.consultation;
  const first = addDays(ctx.today, 1);
  const from = window.start > first ? window.start : first;
  const dates = datesBetween(from, window.end);
  const taken = dates.length ? takenConsultationSlotsBetween($app, dates[0]!, dates[dates.length - 1]!) : new Map<string, Set<string>>();
  const now = nowMs();
  const hours = loadNotice($app).consultation;
  const full = dates.filter((d) => isFullDay(consultationDayAnswer(d, ctx, now, hours, () => ({ taken: taken.get(d) ?? NONE, others: [] }), null)));
  return e.json(200, { from, to: window.end, full });
}
