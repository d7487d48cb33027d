/**
 * What /my-booking shows of a booking to whoever holds its manage link (docs/decisions/027):
 * the choices, the visits with their arrival windows, the address, notes and parking, what was
 * paid and what is due, the reference, the policies, and what the customer may do now. Built
 * from the record; the same JSON for every route of the page.
 */
import { addonTexts, policyLines, styleText, visitWindowText, type LetterBooking } from '@domain/booking-letter';
import { parseTimestamp } from '@domain/calendar';
import { selfServiceOptions, type SelfServiceBooking, type SelfServiceOptions } from '@domain/self-service';
import { BUSINESS } from '@domain/business';
import { letterBookingOf } from '../mail/booking-confirmation';

export interface VisitView {
  date: string;
  timeSlot: string;
  /** "9 AM - 3 PM, arriving between 9 AM and 10 AM". */
  window: string;
  done: boolean;
}

export interface MyBookingView {
  reference: string;
  status: string;
  customerName: string;
  packageTitle: string;
  treeSize: string;
  /** The tree size's id ('7.5-9ft'), for the availability of other slots. */
  treeSizeId: string;
  luxeFinish: boolean;
  keepOrnaments: boolean;
  addons: string[];
  style: string;
  styleRequests: string;
  notes: string;
  parkingInstructions: string;
  address: string;
  install: VisitView;
  removal: VisitView | null;
  priceLines: { label: string; amountCents: number }[];
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  policies: string[];
  contact: { phone: string; email: string };
  /** What may be done now, with deadlines as ISO times (null when not possible). */
  options: { moveInstall: boolean; moveRemoval: boolean; cancel: boolean; moveInstallUntil: string | null; moveRemovalUntil: string | null; cancelUntil: string | null };
}

/** The booking record as the self-service rules read it. */
export function selfServiceBookingOf(r: core.Record): SelfServiceBooking {
  return {
    status: r.getString('status'),
    payment_status: r.getString('payment_status'),
    depositPaidAtMs: parseTimestamp(r.getString('deposit_paid_at')),
    install_date: r.getString('install_date'),
    install_time_slot: r.getString('install_time_slot'),
    removal_date: r.getString('removal_date'),
    removal_time_slot: r.getString('removal_time_slot'),
    install_done_at: r.getString('install_done_at'),
    removal_done_at: r.getString('removal_done_at'),
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function visitView(date: string, slot: string, done: string): VisitView {
  return { date, timeSlot: slot, window: visitWindowText(slot), done: !!done };
}

/** The page's view of booking `r` at `now` (epoch ms). */
export function myBookingView(r: core.Record, now: number): MyBookingView {
  const l: LetterBooking = letterBookingOf(r);
  const o: SelfServiceOptions = selfServiceOptions(selfServiceBookingOf(r), now);
  const balance = Math.max(0, r.getInt('balance_remaining'));
  const paid = ['deposit_paid', 'paid'].includes(r.getString('payment_status')) ? r.getInt('total_price') - balance : 0;
  return {
    reference: l.reference,
    status: r.getString('status'),
    customerName: r.getString('customer_name'),
    packageTitle: l.packageTitle,
    treeSize: l.treeSize,
    treeSizeId: r.getString('tree_size'),
    luxeFinish: l.luxeFinish,
    keepOrnaments: l.keepOrnaments,
    addons: addonTexts(l.addons),
    style: styleText(l.style),
    styleRequests: l.styleRequests,
    notes: l.notes,
    parkingInstructions: l.parkingInstructions,
    address: l.address,
    install: visitView(l.installDate, l.installTimeSlot, r.getString('install_done_at')),
    removal: l.removalDate && l.removalTimeSlot ? visitView(l.removalDate, l.removalTimeSlot, r.getString('removal_done_at')) : null,
    priceLines: l.priceLines.map((p) => ({ label: p.label, amountCents: p.amountCents })),
    totalCents: l.totalCents,
    paidCents: paid,
    balanceCents: r.getString('status') === 'cancelled' ? 0 : balance,
    policies: policyLines(l),
    contact: { phone: BUSINESS.phone, email: BUSINESS.email },
    options: {
      moveInstall: o.moveInstall,
      moveRemoval: o.moveRemoval,
      cancel: o.cancel,
      moveInstallUntil: iso(o.moveInstallUntilMs),
      moveRemovalUntil: iso(o.moveRemovalUntilMs),
      cancelUntil: iso(o.cancelUntilMs),
    },
  };
}
