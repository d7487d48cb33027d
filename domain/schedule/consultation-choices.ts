/**
 * The consultation slots a customer may choose on a date (docs/product.md §2 Consultation
 * request, §9 Consultations): the 24 half-hours (domain/schedule/slots.ts), less those starting
 * inside the consultation notice (domain/schedule/notice.ts), each available unless another
 * request holds it or, with the customer's ZIP, the owner's drive from or to another
 * consultation that day does not fit in the gap plus the buffer (domain/schedule/travel-buffer.ts;
 * the owner drives to every consultation, so one route: docs/decisions/035). Pure.
 */
import type { Ymd } from './calendar';
import { consultationSlotMinutes } from '../consultations/consultation';
import { consultationDayNoticeProblem, consultationInsideNotice, noticeHint } from './notice';
import { consultationDateProblem, type DateContext } from './season';
import { CONSULTATION_SLOTS } from './slots';
import { slotBlocked, type PlacedVisit, type TravelCheck } from './travel-buffer';

/** A consultation slot offered: 'HH:MM', '2:30 PM', and whether it can be chosen. */
export interface ConsultationChoice {
  id: string;
  label: string;
  available: boolean;
}

/**
 * The slots of `date` at `nowMs` (epoch ms): those inside `noticeHours` left out; `taken` the
 * slot ids of the other requests, `others` their visits (30 minutes each, with their ZIPs);
 * `travel` null when the customer's address is not known yet.
 */
export function consultationChoices(date: Ymd, taken: ReadonlySet<string>, others: readonly PlacedVisit[], nowMs: number, noticeHours: number, travel: TravelCheck | null): ConsultationChoice[] {
  const one = others.map((v) => [v]);
  return CONSULTATION_SLOTS.filter((s) => !consultationInsideNotice(date, s.id, nowMs, noticeHours)).map((s) => {
    const free = !taken.has(s.id) && (!travel || !slotBlocked(consultationSlotMinutes(s.id)!, one, 1, travel));
    return { id: s.id, label: s.label, available: free };
  });
}

/** One consultation date's answer (GET /api/fn/consultation-slots): why it cannot be booked, or its slots. */
export interface ConsultationDayAnswer {
  bookable: boolean;
  reason: string | null;
  /** "Bookings need 24 hours' notice." when slots were left out for the notice, else null. */
  noticeHint: string | null;
  slots: ConsultationChoice[];
}

/**
 * One consultation date's answer at `nowMs` (epoch ms): a date the rules refuse (not a
 * Wednesday, out of the window, past or today, blocked: `ctx`; every slot inside the
 * `noticeHours`) is bookable: false with the reason and no slots; else consultationChoices with
 * `day()`'s `taken` and `others` (read only when the date's rules allow it) and `travel` as there. Shared by GET /api/fn/consultation-slots and
 * GET /api/fn/consultation-full-days, so a day one calls full the other shows with every time taken.
 */
export function consultationDayAnswer(
  date: Ymd,
  ctx: DateContext,
  nowMs: number,
  noticeHours: number,
  day: () => { taken: ReadonlySet<string>; others: readonly PlacedVisit[] },
  travel: TravelCheck | null,
): ConsultationDayAnswer {
  const reason = consultationDateProblem(date, ctx) ?? consultationDayNoticeProblem(date, nowMs, noticeHours);
  if (reason) return { bookable: false, reason, noticeHint: null, slots: [] };
  const { taken, others } = day();
  const slots = consultationChoices(date, taken, others, nowMs, noticeHours, travel);
  return { bookable: true, reason: null, noticeHint: slots.length < CONSULTATION_SLOTS.length ? noticeHint(noticeHours) : null, slots };
}
