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
import { parseTimestamp } from '@domain/calendar';
import { TREE_SIZE_INFO, findPackage } from '@domain/catalog';
import { MESSAGES } from '@domain/messages';
import { HOLD_MINUTES, slotHasConflict } from '@domain/overlap';
import { quote } from '@domain/pricing';
import { parseBookingRequest, toChoices, type BookingRequest } from '@domain/schemas';
import { installDateProblem, removalDateProblem } from '@domain/season';
import { findSlot, type TimeSlot } from '@domain/slots';
import { findByIdempotencyKey, holdCapReached, replaceWizardHolds } from './booking-holds';
import { bookingsOnDates } from './bookings-repo';
import { checkoutDistance } from './distance';
import { checkInspirationImageUrls } from './inspiration-images';
import { nowMs, toPbDate } from '../clock';
import { apiError, appOrigin, badRequest, callerLimitsEnabled, idempotencyKeyHeader, readJsonObject, type Refusal } from '../http';
import { paymentMode } from '../payments/mode';
import { createCheckoutSession, expireCheckoutSession, type StripeCheckoutSession } from '../payments/stripe';
import { loadCrews, loadDateContext } from '../settings';
import { logError, logWarning } from '../log';

interface Visits {
  install: TimeSlot;
  removal: TimeSlot | null;
}

/** Checks dates and slots against the season, work days, blocked dates and closing hours. */
function checkVisits(r: BookingRequest): Visits {
  const ctx = loadDateContext($app);
  const installProblem = installDateProblem(r.installDate, ctx);
  if (installProblem) throw badRequest(installProblem);
  const install = findSlot(r.treeSize, r.installDate, 'install', r.installTimeSlot);
  if (!install) throw badRequest('That installation time slot is not offered on this date. Please choose another slot.');
  if (!r.removalDate || !r.removalTimeSlot) return { install, removal: null };
  const removalProblem = removalDateProblem(r.removalDate, r.installDate, ctx);
  if (removalProblem) throw badRequest(removalProblem);
  const removal = findSlot(r.treeSize, r.removalDate, 'removal', r.removalTimeSlot);
  if (!removal) throw badRequest('That removal time slot is not offered on this date. Please choose another slot.');
  return { install, removal };
}

/** Why the checkout transaction refused (it throws to roll back, then this says what to answer). */

/** The body's optional wizard id ('' when absent); 400 when malformed. */
function wizardIdOf(body: Record<string, unknown>): string {
  const id = typeof body.wizardId === 'string' ? body.wizardId.trim() : '';
  if (body.wizardId !== undefined && body.wizardId !== null && !isWizardId(id)) throw badRequest(OWNERSHIP_MESSAGES.wizardIdInvalid);
  return id;
}

/**
 * The Stripe Checkout Session of booking `rec`, built only from what the booking stores, so a
 * replayed request sends Stripe identical parameters under the same Stripe idempotency key and
 * gets the same session back. Returns null (logged) when Stripe fails.
 */
function stripeSessionFor(rec: core.Record, origin: string): StripeCheckoutSession | null {
  const pkg = findPackage(rec.getString('package_type'))!;
  const size = rec.getString('tree_size') as keyof typeof TREE_SIZE_INFO;
  try {
    return createCheckoutSession({
      bookingId: rec.id,
      depositCents: rec.getInt('deposit_amount'),
      customerEmail: rec.getString('customer_email'),
      description: `${pkg.title}, ${TREE_SIZE_INFO[size]?.label ?? size}: 50% deposit`,
      successUrl: `${origin}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/booking-cancel`,
      expiresAtSec: Math.floor(parseTimestamp(rec.getString('hold_expires_at')) / 1000),
    });
  } catch (err) {
    logError(`create-booking-checkout: ${String(err)}`);
    return null;
  }
}

/**
 * The checkout answer for booking `bookingId`: the stored URL, or (Stripe mode, first answer
 * not stored yet) the session Stripe gives for the booking's idempotency key, stored unless a
 * concurrent request stored one first. Throws 502 when no session can be had.
 */
function checkoutAnswer(e: core.RequestEvent, bookingId: string, origin: string): void {
  const rec = $app.findRecordById('bookings', bookingId);
  const stored = () => ({ url: rec.getString('checkout_url'), sessionId: rec.getString('checkout_session_id'), bookingId });
  if (rec.getString('checkout_url')) return e.json(200, stored());
  if (rec.getString('cancel_reason') === 'checkout_failed' || rec.getString('payment_mode') !== 'stripe') {
    throw apiError(502, MESSAGES.failedToCreateCheckout);
  }
  const session = stripeSessionFor(rec, origin);
  let answer = { url: '', sessionId: '', bookingId };
  $app.runInTransaction((tx) => {
    const fresh = tx.findRecordById('bookings', bookingId);
    if (!fresh.getString('checkout_url') && session?.id && session.url) {
      fresh.set('checkout_session_id', session.id);
      fresh.set('checkout_url', session.url);
    } else if (!fresh.getString('checkout_url')) {
      fresh.set('status', 'cancelled');
      fresh.set('cancel_reason', 'checkout_failed');
    }
    tx.save(fresh);
    answer = { url: fresh.getString('checkout_url'), sessionId: fresh.getString('checkout_session_id'), bookingId };
  });
  if (!answer.url) throw apiError(502, MESSAGES.failedToCreateCheckout);
  return e.json(200, answer);
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
    return checkoutAnswer(e, earlier.id, origin);
  }

  const visits = checkVisits(r);
  const images = checkInspirationImageUrls($app, r.styleInspirationImages);
  if ('error' in images) throw badRequest(images.error);
  // The price uses the server's own distance, never the client's; looked up before the
  // transaction because it may call an outside routing service.
  const distanceMiles = checkoutDistance(r.customerAddress);

  const mode = paymentMode();
  const q = quote(toChoices(r, distanceMiles));
  const now = nowMs();
  // A Stripe session lives at least 30 minutes from Stripe's clock; one more minute covers the
  // request's latency, and the hold lasts exactly as long as the session can be paid.
  const holdUntil = now + (mode === 'stripe' ? HOLD_MINUTES + 1 : HOLD_MINUTES) * 60_000;
  const demoSessionId = mode === 'demo' ? `demo_cs_${$security.randomString(24)}` : '';
  const crews = loadCrews($app);
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
      const existing = bookingsOnDates(tx, [r.installDate, r.removalDate ?? '']);
      const conflict = slotHasConflict(r.installDate, visits.install, existing, now, crews)
        ? 'installation'
        : visits.removal && r.removalDate && slotHasConflict(r.removalDate, visits.removal, existing, now, crews)
          ? 'removal'
          : null;
      if (conflict) {
        refusal = { status: 409, message: `That ${conflict} time slot was just booked by someone else. Please choose another slot.` };
        // Roll back the replacement too: the customer keeps their earlier hold.
        throw new Error('checkout refused');
      }
      const rec = new Record(tx.findCollectionByNameOrId('bookings'));
      rec.load({
        customer_name: r.customerName,
        customer_email: r.customerEmail,
        customer_phone: r.customerPhone,
        customer_address: r.customerAddress,
        package_type: findPackage(r.packageType)!.slug,
        tree_size: r.treeSize,
        luxe_finish: r.luxeFinish,
        extra_tree: r.extraTree,
        keep_ornaments: q.ornamentOwnershipCents > 0,
        luxe_keep_ornaments: q.ornamentOwnershipCents > 0 ? r.luxeKeepOrnaments : 0,
        removal_service: q.removalApplies,
        selected_addons: q.addons,
        install_date: r.installDate,
        install_time_slot: visits.install.id,
        removal_date: visits.removal ? r.removalDate : '',
        removal_time_slot: visits.removal ? visits.removal.id : '',
        style_color_palette: r.styleColorPalette,
        style_theme: r.styleTheme,
        style_topper: r.styleTopper,
        style_special_requests: r.styleSpecialRequests,
        style_inspiration_images: images.urls,
        notes: r.notes,
        parking_instructions: r.parkingInstructions,
        distance_miles: distanceMiles ?? 0,
        travel_fee: q.travelFeeCents,
        ornament_ownership_cost: q.ornamentOwnershipCents,
        price_lines: q.lines,
        total_price: q.totalCents,
        deposit_amount: q.depositCents,
        balance_remaining: q.totalCents,
        payment_status: 'pending',
        status: 'pending_payment',
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
  if (replayOf) return checkoutAnswer(e, replayOf, origin);

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
  return checkoutAnswer(e, bookingId, origin);
}
