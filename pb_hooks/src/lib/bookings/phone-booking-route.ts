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
 * Refused: 400 the wizard's messages, a deposit choice missing; 401/403 not the admin; 409 a
 * slot taken; 422 a key reused for another request.
 */
import { OWNERSHIP_MESSAGES } from '@domain/booking-ownership';
import { parsePhoneDeposit, DEPOSIT_LINK_HOLD_MINUTES } from '@domain/phone-booking';
import { parseBookingRequest } from '@domain/schemas';
import { requireAdmin, staffIdOf } from '../admin/staff-auth';
import { nowMs, toPbDate } from '../clock';
import { apiError, appOrigin, badRequest, idempotencyKeyHeader, readJsonObject, refusableTransaction } from '../http';
import { depositLinkMail } from '../mail/deposit-link';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { paymentMode } from '../payments/mode';
import { confirmDeposit } from '../payments/settle-payment';
import { loadCrews } from '../settings';
import { findByIdempotencyKey } from './booking-holds';
import { bookingFields, checkAndPrice, checkoutLink, visitConflict } from './new-booking';

/** The answer for phone booking `bookingId`: the booking, and its deposit link ('' when the deposit was taken). */
function answerFor(bookingId: string, origin: string) {
  const booking = $app.findRecordById('bookings', bookingId);
  const wantsLink = booking.getString('status') === 'pending_payment' && !booking.getString('deposit_method');
  return { booking, url: wantsLink ? checkoutLink(bookingId, origin).url : booking.getString('checkout_url') };
}

export function phoneBookingRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const key = idempotencyKeyHeader(e, OWNERSHIP_MESSAGES.idempotencyKeyInvalid);
  const body = readJsonObject(e);
  const parsed = parseBookingRequest(body.bookingData);
  if (!parsed.ok) throw badRequest(parsed.message);
  const deposit = parsePhoneDeposit(body.deposit);
  if (!deposit.ok) throw badRequest(deposit.message);
  const r = parsed.value;
  const d = deposit.value;
  const fingerprint = $security.sha256(JSON.stringify(['phone', r, d]));
  const origin = appOrigin(e);

  const earlier = findByIdempotencyKey($app, key);
  if (earlier) {
    if (earlier.getString('request_fingerprint') !== fingerprint) throw apiError(422, OWNERSHIP_MESSAGES.idempotencyKeyReused);
    return e.json(200, answerFor(earlier.id, origin));
  }

  const checked = checkAndPrice(r);
  const mode = paymentMode();
  const staffId = staffIdOf(e);
  const crews = loadCrews($app);
  const now = nowMs();
  const demoSessionId = d.kind === 'link' && mode === 'demo' ? `demo_cs_${$security.randomString(24)}` : '';
  let bookingId = '';
  let mailIds: string[] = [];

  refusableTransaction($app, (tx) => {
    const raced = findByIdempotencyKey(tx, key);
    if (raced) {
      if (raced.getString('request_fingerprint') !== fingerprint) return { status: 422, message: OWNERSHIP_MESSAGES.idempotencyKeyReused };
      bookingId = raced.id;
      return;
    }
    const conflict = visitConflict(tx, r, checked.visits, now, crews);
    if (conflict) return conflict;
    const rec = new Record(tx.findCollectionByNameOrId('bookings'));
    rec.load({
      ...bookingFields(r, checked),
      payment_mode: mode,
      hold_expires_at: toPbDate(now + DEPOSIT_LINK_HOLD_MINUTES * 60_000),
      checkout_session_id: demoSessionId,
      checkout_url: demoSessionId ? `${origin}/demo-payment?session_id=${encodeURIComponent(demoSessionId)}` : '',
      idempotency_key: key,
      request_fingerprint: fingerprint,
      booked_by: staffId,
      ...(d.kind === 'recorded' ? { deposit_method: d.method, deposit_check_number: d.checkNumber, deposit_note: d.note } : {}),
    });
    tx.save(rec);
    bookingId = rec.id;
    if (d.kind === 'recorded') mailIds = confirmDeposit(tx, rec, now);
  });
  deliverMail($app, mailIds);
  // The link is made outside the transaction (Stripe may be slow); failing, the hold is let go (502).
  const answer = answerFor(bookingId, origin);
  if (answer.url) {
    let linkMail = '';
    $app.runInTransaction((tx) => {
      linkMail = queueMail(tx, depositLinkMail(tx.findRecordById('bookings', bookingId), answer.url));
    });
    deliverMail($app, [linkMail]);
  }
  return e.json(200, answer);
}
