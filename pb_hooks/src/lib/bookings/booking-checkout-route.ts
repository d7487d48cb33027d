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
 * unpaid holds are capped per IP and per e-mail (domain/booking-ownership.ts HOLD_CAPS, off
 * with RATE_LIMITS=off like the other per-caller limits).
 *
 * Errors: 400 with a user-facing message for bad input; 409 when a slot was taken meanwhile;
 * 422 when the Idempotency-Key was used for a different request; 429 when the caller holds too
 * many unpaid checkouts; 502 'Failed to create checkout session' when Stripe fails (the hold is
 * released).
 */
import { isWizardId, OWNERSHIP_MESSAGES } from '@domain/booking-ownership';
import { HOLD_MINUTES } from '@domain/overlap';
import { parseBookingRequest } from '@domain/schemas';
import { findByIdempotencyKey, holdCapReached, replaceWizardHolds } from './booking-holds';
import { bookingFields, checkAndPrice, checkoutLink, visitConflict } from './new-booking';
import { nowMs, toPbDate } from '../clock';
import { apiError, appOrigin, badRequest, callerLimitsEnabled, idempotencyKeyHeader, readJsonObject, type Refusal } from '../http';
import { paymentMode } from '../payments/mode';
import { expireCheckoutSession } from '../payments/stripe';
import { loadCrews } from '../settings';
import { logWarning } from '../log';

/** The body's optional wizard id ('' when absent); 400 when malformed. */
function wizardIdOf(body: Record<string, unknown>): string {
  const id = typeof body.wizardId === 'string' ? body.wizardId.trim() : '';
  if (body.wizardId !== undefined && body.wizardId !== null && !isWizardId(id)) throw badRequest(OWNERSHIP_MESSAGES.wizardIdInvalid);
  return id;
}

export function createBookingCheckoutRoute(e: core.RequestEvent): void {
  const idempotencyKey = idempotencyKeyHeader(e);
  const body = readJsonObject(e);
  const wizardId = wizardIdOf(body);
  const parsed = parseBookingRequest('bookingData' in body ? body.bookingData : body);
  if (!parsed.ok) throw badRequest(parsed.message);
  const r = parsed.value;
  const fingerprint = $security.sha256(JSON.stringify(r));
  const origin = appOrigin(e);

  // A replay answers before anything is checked again: the first answer stands (IETF draft).
  const earlier = findByIdempotencyKey($app, idempotencyKey);
  if (earlier) {
    if (earlier.getString('request_fingerprint') !== fingerprint) throw apiError(422, OWNERSHIP_MESSAGES.idempotencyKeyReused);
    return e.json(200, checkoutLink(earlier.id, origin));
  }

  // Before the transaction: the distance may call an outside routing service.
  const checked = checkAndPrice(r);
  const mode = paymentMode();
  const now = nowMs();
  // A Stripe session lives at least 30 minutes from Stripe's clock; one more minute covers the
  // request's latency, and the hold lasts exactly as long as the session can be paid.
  const holdUntil = now + (mode === 'stripe' ? HOLD_MINUTES + 1 : HOLD_MINUTES) * 60_000;
  const demoSessionId = mode === 'demo' ? `demo_cs_${$security.randomString(24)}` : '';
  const crews = loadCrews($app);
  // The cached collection, not a query inside the transaction: decoding the collection's
  // fields was half of the time the one writer was held (docs/decisions/040).
  const bookings = $app.findCachedCollectionByNameOrId('bookings');
  const clientIp = e.realIP();
  let refusal: Refusal | null = null;
  let replayOf = '';
  let bookingId = '';
  let replacedSessions: string[] = [];

  try {
    $app.runInTransaction((tx) => {
      // A request with the same key that got here first (same instant) owns the answer.
      const raced = findByIdempotencyKey(tx, idempotencyKey);
      if (raced) {
        if (raced.getString('request_fingerprint') !== fingerprint) refusal = { status: 422, message: OWNERSHIP_MESSAGES.idempotencyKeyReused };
        else replayOf = raced.id;
        return;
      }
      if (callerLimitsEnabled() && holdCapReached(tx, { ip: clientIp, email: r.customerEmail, wizardId }, now)) {
        refusal = { status: 429, message: OWNERSHIP_MESSAGES.tooManyHolds };
        return;
      }
      replacedSessions = replaceWizardHolds(tx, wizardId, now);
      const conflict = visitConflict(tx, r, checked.visits, now, crews);
      if (conflict) {
        refusal = conflict;
        // Roll back the replacement too: the customer keeps their earlier hold.
        throw new Error('checkout refused');
      }
      const rec = new Record(bookings);
      rec.load({
        ...bookingFields(r, checked),
        payment_mode: mode,
        hold_expires_at: toPbDate(holdUntil),
        checkout_session_id: demoSessionId,
        checkout_url: mode === 'demo' ? `${origin}/demo-payment?session_id=${encodeURIComponent(demoSessionId)}` : '',
        idempotency_key: idempotencyKey,
        request_fingerprint: fingerprint,
        wizard_id: wizardId,
        client_ip: clientIp,
      });
      tx.save(rec);
      bookingId = rec.id;
    });
  } catch (err) {
    if (!refusal) throw err;
  }
  if (refusal) throw apiError((refusal as Refusal).status, (refusal as Refusal).message);
  if (replayOf) return e.json(200, checkoutLink(replayOf, origin));

  // Replaced Stripe sessions are expired so they can no longer be paid (a payment that still
  // slips through is refunded as a conflict); best effort, outside the transaction.
  for (const id of replacedSessions) {
    try {
      expireCheckoutSession(id);
    } catch (err) {
      logWarning(`create-booking-checkout: could not expire replaced session ${id}: ${String(err)}`);
    }
  }
  // Stripe is called outside the transaction; if it fails, the hold is released at once.
  return e.json(200, checkoutLink(bookingId, origin));
}
