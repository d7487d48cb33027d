/**
 * POST /api/fn/create-booking-checkout (docs/product.md §7; docs/architecture.md readings 4–6).
 * Body { bookingData } (docs/product.md §3 Booking payload plus the option choices). Validates with the
 * shared schemas and docs/product.md's messages, checks the dates and slots, prices the booking on the
 * server (client amounts are ignored), then in one transaction re-checks both slots and inserts
 * the booking as `pending_payment` with a 30-minute hold. Then, outside the transaction, the
 * checkout: a local demo page, or a Stripe Checkout Session when STRIPE_SECRET_KEY is set.
 * Returns 200 { url, sessionId, bookingId }.
 *
 * One owner per slot, no hoarding (docs/decisions/010; docs/architecture.md reading 15): an optional
 * `Idempotency-Key` header (made once per checkout attempt by the wizard) makes a retry return
 * the same booking and checkout URL, also at the same instant; the optional body field
 * `wizardId` lets a newer checkout from the same wizard replace that wizard's earlier hold;
 * unpaid holds are capped per IP and per e-mail (domain/booking/ownership.ts HOLD_CAPS, off
 * with RATE_LIMITS=off like the other per-caller limits).
 *
 * Errors: 400 with a user-facing message for bad input; 409 when a slot was taken meanwhile, or
 * before the booking's season opens to the public ('Booking for the 2027 season opens on …')
 * unless the body carries a renewal link's token for that season (`renewalToken`,
 * customers/renewal-link-route.ts; its use here, bookings/checkout-renewal.ts) and the checkout is its customer's, once
 * (docs/decisions/058): 403 when the checkout's e-mail is not the renewal's, 409 when the
 * renewal has already booked;
 * 422 when the Idempotency-Key was used for a different request; 429 when the caller holds too
 * many unpaid checkouts; 502 'Failed to create checkout session' when Stripe fails (the hold is
 * released).
 *
 * The rule is the command domain/commands/create-checkout-command.ts (docs/architecture.md "The
 * path of a command"); its transaction is run here (decideCheckout), the Checkout page after it
 * (new-booking.ts checkoutLink, the checkout-session command).
 */
import { isRefusal, type FieldValue, type Outcome } from '@domain/commands/command';
import { createCheckoutCommand, type CreateCheckoutAnswer, type CreateCheckoutInput, type CreateCheckoutState } from '@domain/commands/create-checkout-command';
import { HOLD_MINUTES } from '@domain/schedule/overlap';
import { holdCapReached } from './booking-holds';
import { keyTakenMeanwhile, runOutsideCall, type OutsideCall } from '../commands/run-outside-call';
import { insertRequestKey, requestKeyTaken, type RequestKeyClaim } from '../commands/request-keys';
import { bookingsOnDates } from '../booking-store/bookings-repo';
import { bookingFields, checkAndPrice, checkoutLink } from './new-booking';
import { nowMs, toPbDate, today } from '../clock';
import { apiError, callerLimitsEnabled } from '../http';
import { deriveBookingMoney } from '../ledger-records';
import { demoPaymentUrl, newDemoSessionId, paymentMode } from '../payments/mode';
import { paymentBookingRow } from '../payments/settle-payment';
import { expireCheckoutSession } from '../payments/stripe';
import { loadBookingSeasonRecord, loadCrews, loadDateContext, loadNotice, loadTravelBuffer } from '../settings';
import { publicBookingClosed } from '@domain/schedule/seasons';
import { centroid } from './distance';
import { markRenewalUsed, renewalForCheckout, useRenewal } from './checkout-renewal';
import { findPackage } from '@domain/catalog';
import { parseZip } from '@domain/place/distance';
import { visitNoticeHours } from '@domain/schedule/notice';
import { logWarning } from '../log';
import { offerByToken, offerToAcceptOf } from '../waitlist/waitlist-repo';
import { BookingStatus, PaymentStatus } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';

/** The active unpaid holds of wizard `wizardId` at `now` (epoch ms), read in `tx`. */
function wizardHolds(tx: CoreApp, wizardId: string, now: number): core.Record[] {
  if (!wizardId) return [];
  const params = { wizard: wizardId, now: toPbDate(now) } as unknown as dbx.Params;
  return tx.findRecordsByFilter(
    'bookings',
    `wizard_id = {:wizard} && status = '${BookingStatus.PendingPayment}' && payment_status = '${PaymentStatus.Pending}' && hold_expires_at > {:now}`,
    '',
    50,
    0,
    params,
  ) as core.Record[];
}

/**
 * The checkout's one transaction: the state read, the command's decision, and its writes. Run
 * here rather than by the runner's executeCommand so the new booking is made from the cached
 * collection and the replaced holds are saved from the records just read: the runner would look
 * the collection up (and each hold again) while holding the one writer, the cost
 * docs/decisions/040 removed from this hottest path. Reads only what `decide` needs, in its order.
 */
function decideCheckout(
  input: CreateCheckoutInput,
  ip: string,
  email: string,
  now: number,
  renewalId: string | null,
  claim: RequestKeyClaim | null,
): Outcome<never, CreateCheckoutAnswer> | 'key-taken' {
  const bookings = $app.findCachedCollectionByNameOrId('bookings');
  const newId = $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789');
  let outcome: Outcome<never, CreateCheckoutAnswer> | 'key-taken' | null = null;
  $app.runInTransaction((tx) => {
    // A request with the same key got into its transaction first (the runner's store, as executeCommand asks it).
    if (claim && requestKeyTaken(tx, claim.key)) {
      outcome = 'key-taken';
      return;
    }
    // A renewal link opens the season early to its own customer, once (docs/decisions/058):
    // judged and used up in this transaction, so two checkouts at once cannot both use it.
    const renewalRefusal = renewalId ? useRenewal(tx, renewalId, { email, wizardId: input.wizardId }, now) : null;
    if (renewalRefusal) {
      outcome = renewalRefusal;
      return;
    }
    const state: CreateCheckoutState = { capReached: false, wizardHolds: [], schedules: [], newId };
    let holds: core.Record[] = [];
    state.capReached = callerLimitsEnabled() && holdCapReached(tx, { ip, email, wizardId: input.wizardId }, now);
    if (!state.capReached) {
      holds = wizardHolds(tx, input.wizardId, now);
      state.wizardHolds = holds.map((h) => ({ ...paymentBookingRow(h), payment_mode: bookingField(h, 'payment_mode'), checkout_session_id: bookingField(h, 'checkout_session_id') }));
      state.schedules = bookingsOnDates(tx, [input.request.installDate, input.request.removalDate ?? '']);
      if (input.waitlistOffer) {
        const offer = offerByToken(tx, input.waitlistOffer);
        state.offer = offer ? offerToAcceptOf(tx, offer) : null;
      }
    }
    const decision = createCheckoutCommand.decide(state, input, now);
    outcome = decision;
    if (isRefusal(decision)) return;
    for (const c of decision.changes) {
      // The waitlist offer accepted with it is read here; the replaced holds were read above.
      const rec = c.op === 'create' ? new Record(bookings) : c.collection === 'bookings' ? holds.find((h) => h.id === c.id)! : tx.findRecordById(c.collection, c.id);
      if (c.op === 'create' && c.id) rec.set('id', c.id);
      rec.load(c.fields as Record<string, unknown>);
      // Its derived money from its ledger, as the runner does (docs/decisions/061): the new booking has no charges yet.
      if (c.collection === 'bookings') deriveBookingMoney(tx, rec, c.op === 'create' ? [] : undefined);
      tx.save(rec);
    }
    if (renewalId) markRenewalUsed(tx, renewalId, decision.answer.bookingId);
    // The key's whole answer is the booking: stored done, with the booking, in the one transaction.
    if (claim) insertRequestKey(tx, claim, { bookingId: decision.answer.bookingId }, true);
  });
  if (!outcome) throw apiError(500, 'This action could not be completed. Please try again.');
  return outcome;
}

/**
 * The checkout, declared for the runner's outside-call path (docs/decisions/048 and 063): the
 * runner reads the optional key and the body (parsed by the command) and answers a replay from
 * its one store (a reused key: 422), with the booking's link as it is now, before anything is
 * checked again (the first answer stands, IETF draft). Its steps: the season's opening (or a
 * renewal link), the price (the distance may call an outside routing service), then its own
 * transaction (decideCheckout, the exception decision 048 keeps, the key stored with the
 * booking), then replaced Stripe sessions expired and the Checkout page, outside it.
 */
export const checkoutCall: OutsideCall<CreateCheckoutInput> = {
  path: '/api/fn/create-booking-checkout',
  request: createCheckoutCommand,
  reword: (_app, stored, { ctx }) => checkoutLink(String(stored.bookingId ?? ''), ctx.origin),
  steps({ e, key: idempotencyKey, body, input: parsed, claim, ctx: { origin, fingerprint } }) {
    const { request: r, wizardId } = parsed;
    // Public booking of the booking's season opens on the owner's date (domain/schedule/seasons.ts);
    // a returning customer's renewal link (`renewalToken`) opens it earlier.
    // Once public booking is open the token has nothing to open and is not looked at.
    const closed = publicBookingClosed(today(), loadBookingSeasonRecord($app, r.installDate));
    const renewal = closed ? renewalForCheckout($app, body.renewalToken, r.installDate) : null;
    if (closed && !renewal) throw apiError(409, closed);
    // Before the transaction: the distance may call an outside routing service.
    const checked = checkAndPrice(r);
    const mode = paymentMode();
    const now = nowMs();
    // A Stripe session lives at least 30 minutes from Stripe's clock; one more minute covers the
    // request's latency, and the hold lasts exactly as long as the session can be paid.
    const holdUntil = now + (mode === 'stripe' ? HOLD_MINUTES + 1 : HOLD_MINUTES) * 60_000;
    const demoSessionId = mode === 'demo' ? newDemoSessionId() : '';
    const clientIp = e.realIP();
    const fields = {
      ...bookingFields(r, checked),
      payment_mode: mode,
      hold_expires_at: toPbDate(holdUntil),
      checkout_session_id: demoSessionId,
      checkout_url: mode === 'demo' ? demoPaymentUrl(origin, demoSessionId) : '',
      idempotency_key: idempotencyKey,
      request_fingerprint: fingerprint,
      wizard_id: wizardId,
      client_ip: clientIp,
    } as Record<string, FieldValue>;
    const noticeHours = visitNoticeHours(loadNotice($app), findPackage(r.packageType)?.slug ?? null);
    const travel = { zip: parseZip(r.customerAddress), bufferMinutes: loadTravelBuffer($app), centroid };
    const closingHours = loadDateContext($app).season.closingHours;
    const prepared = { key: idempotencyKey, fingerprint, visits: checked.visits, crews: loadCrews($app), noticeHours, travel, closingHours, fields };
    const input: CreateCheckoutInput = { request: r, wizardId, prepared, waitlistOffer: parsed.waitlistOffer };

    const outcome = decideCheckout(input, clientIp, r.customerEmail, now, renewal?.id ?? null, claim);
    if (outcome === 'key-taken') return keyTakenMeanwhile();
    if (isRefusal(outcome)) throw apiError(outcome.status, outcome.message);
    const answer = outcome.answer;

    // Replaced Stripe sessions are expired so they can no longer be paid (a payment that still
    // slips through is refunded as a conflict); best effort, outside the transaction.
    for (const id of answer.replacedSessions) {
      try {
        expireCheckoutSession(id);
      } catch (err) {
        logWarning(`create-booking-checkout: could not expire replaced session ${id}: ${String(err)}`);
      }
    }
    // Stripe is called outside the transaction; if it fails, the hold is released at once.
    return checkoutLink(answer.bookingId, origin);
  },
};

export function createBookingCheckoutRoute(e: core.RequestEvent): void {
  runOutsideCall(e, checkoutCall);
}
