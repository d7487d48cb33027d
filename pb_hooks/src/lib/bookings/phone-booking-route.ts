/**
 * POST /api/fn/admin-bookings/create (docs/decisions/037), admin only: the owner books a
 * customer who phoned, online only. Header Idempotency-Key (required: a retry after a lost answer
 * gets the same booking); body { bookingData (the wizard's request, docs/product.md §3), deposit:
 * 'link' | { method: 'cash' | 'check' | 'other', checkNumber?, note? } } → 200 { booking, url }.
 * - The wizard's rules and prices: the same parser, season and slot checks, the server's own
 *   distance and quote, and the overlap check in the insert's transaction
 *   (bookings/new-booking.ts), so a phone booking racing a web checkout for one slot ends with
 *   one owner (the later one 409 'That installation time slot was just booked by someone else').
 * - A deposit taken now: in the same transaction the booking is confirmed with the deposit paid
 *   as recorded (`deposit_method`), and the usual confirmation, owner's notice and receipt
 *   (naming the method) are queued; `url` is ''.
 * - A link: the booking holds its slots as `pending_payment` for DEPOSIT_LINK_HOLD_MINUTES,
 *   the deposit's Checkout page (demo page or Stripe session, expiring with the hold) is made
 *   and e-mailed to the customer; paid, it settles like any checkout. Stripe unreachable → 502
 *   and the hold let go.
 * - No per-caller hold caps: the admin is trusted, and signed in.
 * - Today may be booked, at a time not yet started (400 'That installation time has already
 *   started.' otherwise); the customers' minimum notice does not apply (docs/decisions/052, 059).
 * Refused: 400 the wizard's messages, a deposit choice missing; 401/403 not the admin; 409 a
 * slot taken; 422 a key reused for another request.
 * A slot held only by open waitlist offers (the waitlist contract): 409 { code: 'offer_open',
 * message: 'An offer for this time is open to Jane D. until 8:00 PM.' } unless the body has
 * `endOffer: true`, which ends those offers (their customers e-mailed) in the booking's transaction.
 * The booking is made by the phone-booking command (domain/commands/phone-booking-command.ts)
 * through the runner's executeCommand; the request is priced before it (an outside routing
 * service) and the deposit link made after it (Stripe), each outside any transaction, and the
 * link's e-mail queued by a second command.
 */
import type { Command } from '@domain/commands/command';
import {
  phoneBookingCommand,
  phoneBookingFingerprintSource,
  type PhoneBookingAnswer,
  type PhoneBookingInput,
  type PhoneBookingMail,
  type PhoneBookingState,
} from '@domain/commands/phone-booking-command';
import { DEPOSIT_LINK_HOLD_MINUTES } from '@domain/booking/phone-booking';
import type { ServerCommand } from '../commands/run-command';
import { answerWith, runOutsideCall, type OutsideCall } from '../commands/run-outside-call';
import { nowMs, toPbDate } from '../clock';
import { apiError, configuredOrigin } from '../http';
import { bookingConfirmationMails } from '../mail/booking-confirmation';
import { depositLinkMail } from '../mail/deposit-link';
import { depositReceiptMail } from '../mail/receipts';
import { issueManageToken, manageUrl } from '../booking-store/manage-links';
import { paymentMode } from '../payments/mode';
import { loadCrews } from '../settings';
import { bookingFields, checkAndPrice, checkoutLink, visitConflict, type CheckedRequest } from './new-booking';
import { withOffersEnded, type OfferToEnd, type WaitlistEndedMail } from '@domain/commands/waitlist-expire-command';
import type { BookingRequest } from '@domain/booking/schemas';
import { WAITLIST_MESSAGES } from '@domain/waitlist/waitlist';
import { hoursOverlap, slotHasConflict } from '@domain/schedule/overlap';
import { parseSlotId } from '@domain/schedule/slots';
import { parseTimestamp } from '@domain/schedule/calendar';
import { waitlistOfferEndedMail } from '../waitlist/waitlist-mail';
import { bookingsOnDates } from '../booking-store/bookings-repo';
import { openOffersAt } from '../waitlist/waitlist-repo';
import { BookingStatus } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';
import { waitlistEntryField, waitlistOfferField } from '../waitlist-row';

/**
 * The open waitlist offers alone in the way of request `r` at `now` (read in `tx`): the offers
 * overlapping its visits when, without every offer, its slots are free; [] when nothing or a
 * booking is in the way.
 */
function offersInTheWay(tx: CoreApp, r: BookingRequest, visits: CheckedRequest['visits'], now: number, crews: number): core.Record[] {
  const bookingsOnly = bookingsOnDates(tx, [r.installDate, r.removalDate ?? '']).filter((s) => !s.id?.startsWith('offer:'));
  const asked: [string, { startHour: number; endHour: number }][] = [[r.installDate, visits.install]];
  if (visits.removal && r.removalDate) asked.push([r.removalDate, visits.removal]);
  if (asked.some(([date, slot]) => slotHasConflict(date, slot, bookingsOnly, now, crews))) return [];
  return asked.flatMap(([date, slot]) =>
    openOffersAt(tx, date).filter((o) => {
      const held = parseSlotId(waitlistOfferField(o, 'time_slot'));
      return !!held && parseTimestamp(waitlistOfferField(o, 'expires_at')) > now && hoursOverlap(held, slot);
    }),
  );
}

/** The answer for phone booking `bookingId`: the booking, and its deposit link ('' when the deposit was taken). */
function answerFor(bookingId: string, origin: string) {
  const booking = $app.findRecordById('bookings', bookingId);
  const wantsLink = booking.getString('status') === BookingStatus.PendingPayment && !bookingField(booking, 'deposit_method');
  return { booking, url: wantsLink ? checkoutLink(bookingId, origin).url : booking.getString('checkout_url') };
}

/** What the phone booking found of open waitlist offers: the sentence of the one in the way, and those it ends. */
interface OfferFindings {
  offerOpen: string;
  ended: OfferToEnd[];
}

/**
 * The phone-booking command for a request with Idempotency-Key `key`, priced as `checked` before
 * the transaction; `endOffer` the owner's 'Book anyway' over open waitlist offers, `found` where
 * the load writes what it found of them.
 */
export function phoneBooking(
  key: string,
  checked: CheckedRequest,
  endOffer = false,
  found: OfferFindings = { offerOpen: '', ended: [] },
): ServerCommand<PhoneBookingInput, PhoneBookingState & { endOffers: OfferToEnd[] }, PhoneBookingMail | WaitlistEndedMail, PhoneBookingAnswer> {
  return {
    command: { ...phoneBookingCommand, decide: (state, input, now) => withOffersEnded(phoneBookingCommand.decide(state, input, now), state.endOffers) },
    path: '/api/fn/admin-bookings/create',
    load(tx, input, ctx) {
      const now = nowMs();
      const mode = paymentMode();
      const demoSessionId = input.deposit.kind === 'link' && mode === 'demo' ? `demo_cs_${$security.randomString(24)}` : '';
      let conflict = visitConflict(tx, input.request, checked.visits, now, loadCrews(tx));
      let endOffers: OfferToEnd[] = [];
      const offers = conflict ? offersInTheWay(tx, input.request, checked.visits, now, loadCrews(tx)) : [];
      if (offers.length > 0 && endOffer) {
        conflict = null;
        endOffers = offers.map((o) => ({ id: o.id, entryId: waitlistOfferField(o, 'entry') }));
        found.ended = endOffers;
      } else if (offers.length > 0) {
        const entry = tx.findRecordById('waitlist_entries', waitlistOfferField(offers[0]!, 'entry'));
        found.offerOpen = WAITLIST_MESSAGES.offerOpen(waitlistEntryField(entry, 'name'), parseTimestamp(waitlistOfferField(offers[0]!, 'expires_at')));
        conflict = { status: 409, message: found.offerOpen };
      }
      return {
        endOffers,
        key,
        fingerprint: $security.sha256(phoneBookingFingerprintSource(input)),
        conflict,
        freshId: $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789'),
        fields: {
          ...(bookingFields(input.request, checked) as PhoneBookingState['fields']),
          payment_mode: mode,
          hold_expires_at: toPbDate(now + DEPOSIT_LINK_HOLD_MINUTES * 60_000),
          checkout_session_id: demoSessionId,
          checkout_url: demoSessionId ? `${ctx.origin}/demo-payment?session_id=${encodeURIComponent(demoSessionId)}` : '',
          idempotency_key: key,
          request_fingerprint: $security.sha256(phoneBookingFingerprintSource(input)),
          booked_by: ctx.staffId,
        },
      };
    },
    composeMail(tx, m) {
      if ('offerId' in m) return waitlistOfferEndedMail(tx, tx.findRecordById('waitlist_offers', m.offerId));
      const rec = tx.findRecordById('bookings', m.bookingId);
      // Each e-mail carries its own manage link (docs/decisions/027).
      const link = manageUrl(configuredOrigin(tx), issueManageToken(tx, rec));
      if (m.which === 'deposit_receipt') return depositReceiptMail(rec, link);
      return bookingConfirmationMails(rec, link)[m.which === 'confirmation' ? 0 : 1]!;
    },
    respond: (_app, a) => a,
  };
}

/** The deposit link's e-mail to the customer, once the link exists: no change, one e-mail. */
const depositLinkCommand: Command<{ bookingId: string; url: string }, null, { bookingId: string; url: string }, { bookingId: string }> = {
  name: 'admin-bookings-create-link',
  parse: () => ({ ok: false, message: 'Not a request.' }),
  idempotency: { by: 'natural', header: 'none', why: 'sent once, right after the booking is made; its mail_log key keeps one' },
  decide: (_state, input) => ({ changes: [], mails: [input], answer: { bookingId: input.bookingId } }),
};
const depositLink: ServerCommand<{ bookingId: string; url: string }, null, { bookingId: string; url: string }, { bookingId: string }> = {
  command: depositLinkCommand,
  path: '/api/fn/admin-bookings/create',
  load: () => null,
  composeMail: (tx, m) => depositLinkMail(tx.findRecordById('bookings', m.bookingId), m.url),
  respond: (_app, a) => a,
};

/**
 * The phone booking around its outside calls (docs/decisions/048 and 063): the runner's request
 * steps (the admin, the required key, the body; a replay answered from the store with the
 * booking made under the key, as it is now, before anything is priced), then the request
 * priced (the distance may come from an outside routing service), the phone-booking command,
 * keyed in its transaction, the deposit link made at Stripe, and its e-mail queued by a second
 * command.
 */
export const phoneBookingCall: OutsideCall<PhoneBookingInput> = {
  path: '/api/fn/admin-bookings/create',
  request: phoneBookingCommand,
  reword: (_app, stored, { ctx }) => answerFor(String(stored.bookingId ?? ''), ctx.origin),
  steps({ key, input, body, ctx }, run) {
    const found: OfferFindings = { offerOpen: '', ended: [] };
    const made = run.keyedOrRefused(phoneBooking(key, checkAndPrice(input.request, { owner: true }), body.endOffer === true, found), input);
    if ('refusal' in made) {
      // Only open waitlist offers in the way: the owner is asked first (the admin resends with endOffer).
      if (found.offerOpen && made.refusal.message === found.offerOpen) return answerWith(409, { status: 409, code: 'offer_open', message: found.offerOpen, data: {} });
      throw apiError(made.refusal.status, made.refusal.message);
    }
    const { bookingId } = made.body as PhoneBookingAnswer;
    // The link is made outside the transaction (Stripe may be slow); failing, the hold is let go (502).
    const answer = answerFor(bookingId, ctx.origin);
    if (answer.url) run.command(depositLink, { bookingId, url: answer.url });
    return answer;
  },
};

export function phoneBookingRoute(e: core.RequestEvent): void {
  runOutsideCall(e, phoneBookingCall);
}
