/**
 * What /my-booking shows of a booking to whoever holds its manage link (docs/decisions/027):
 * the choices, the visits with their arrival windows, the address, notes and parking, what was
 * paid and what is due, the reference, the policies, and what the customer may do now. Built
 * from the record and its charges; the same JSON for every route of the page. What was paid and
 * what is due are the booking's ledger (docs/decisions/045: domain/money/booking-money.ts, the
 * same figures as the admin's): paid = money held (refunds made, voids and disputes lost taken
 * off), balance = owed less paid, 0 once cancelled; each refund listed with its state.
 */
import { addonTexts, policyLines, styleText, visitWindowText, type LetterBooking } from '@domain/mail/letter';
import {
  balancePayableOnline,
  hasRemovalVisit,
  SELF_SERVICE_MESSAGES as M,
  selfServiceOptions,
  visitStartMs,
  type MyBookingView,
  type SelfServiceOptions,
  type VisitView,
} from '@domain/booking/self-service';
import { cancelNotice } from '@domain/booking/policy';
import { BUSINESS } from '@domain/business';
import { balanceOf, bookingLedger } from '@domain/money/booking-money';
import { refundLines } from '@domain/money/ledger';
import { removalAdditionCents } from '@domain/money/pricing';
import { choicesOfBooking, selfServiceBookingOf } from '../booking-store/bookings-repo';
import { letterBookingOf } from '../mail/booking-confirmation';
import { bookingMoneyRowOf, chargeMoneyRowOf, chargesOfBooking } from '../ledger-records';
import { asBookingStatus } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function visitView(date: string, slot: string, done: string): VisitView {
  return { date, timeSlot: slot, window: visitWindowText(slot), done: !!done };
}

/** The page's view of booking `r` at `now` (epoch ms), its charges read in `app`. */
export function myBookingView(r: core.Record, now: number, app: CoreApp = $app): MyBookingView {
  const l: LetterBooking = letterBookingOf(r);
  const state = selfServiceBookingOf(r);
  const o: SelfServiceOptions = selfServiceOptions(state, now);
  const choices = choicesOfBooking(r);
  const ledger = bookingLedger(bookingMoneyRowOf(r), chargesOfBooking(app, r.id).map(chargeMoneyRowOf));
  const balance = balanceOf(ledger);
  return {
    reference: l.reference,
    status: asBookingStatus(r.getString('status')),
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
    install: visitView(l.installDate, l.installTimeSlot, bookingField(r, 'install_done_at')),
    removal: hasRemovalVisit(state) ? visitView(state.removal_date, state.removal_time_slot, bookingField(r, 'removal_done_at')) : null,
    priceLines: l.priceLines.map((p) => ({ label: p.label, amountCents: p.amountCents })),
    totalCents: l.totalCents,
    paidCents: ledger.money.paidCents,
    balanceCents: balance,
    refunds: refundLines(ledger.movements),
    policies: policyLines(l, now, !!bookingField(r, 'install_done_at')),
    cancelNotice:
      o.cancel || !state.removal_hold
        ? cancelNotice({ depositPaidAtMs: state.depositPaidAtMs, installStartMs: visitStartMs(state.install_date, state.install_time_slot), installDone: !!state.install_done_at }, now).sentence
        : M.removalPaymentOpen,
    contact: { phone: BUSINESS.phone, email: BUSINESS.email },
    options: {
      moveInstall: o.moveInstall,
      moveRemoval: o.moveRemoval,
      cancel: o.cancel,
      payBalance: balancePayableOnline(state, balance) && !state.removal_hold,
      addRemoval: o.addRemoval,
      removalPriceCents: o.addRemoval && choices ? removalAdditionCents(choices) : null,
      removalPaymentOpen: !!state.removal_hold,
      moveInstallUntil: iso(o.moveInstallUntilMs),
      moveRemovalUntil: iso(o.moveRemovalUntilMs),
      cancelUntil: iso(o.cancelUntilMs),
    },
  };
}
