/**
 * POST /api/fn/create-booking-checkout (SPEC.md §7; DESIGN.md decisions 4–6).
 * Body { bookingData } (SPEC.md §3 Booking payload plus the option choices). Validates with the
 * shared schemas and SPEC.md's messages, checks the dates and slots, prices the booking on the
 * server (client amounts are ignored), then in one transaction re-checks both slots and inserts
 * the booking as `pending_payment` with a 30-minute hold. Then, outside the transaction, the
 * checkout: a local demo page, or a Stripe Checkout Session when STRIPE_SECRET_KEY is set.
 * Returns 200 { url, sessionId, bookingId }.
 *
 * Errors: 400 with a user-facing message for bad input; 409 when a slot was taken meanwhile;
 * 502 'Failed to create checkout session' when Stripe fails (the hold is released).
 */
import { TREE_SIZE_INFO, findPackage } from '@domain/catalog';
import { MESSAGES } from '@domain/messages';
import { HOLD_MINUTES, slotHasConflict } from '@domain/overlap';
import { quote } from '@domain/pricing';
import { parseBookingRequest, toChoices, type BookingRequest } from '@domain/schemas';
import { installDateProblem, removalDateProblem } from '@domain/season';
import { findSlot, type TimeSlot } from '@domain/slots';
import { bookingsOnDates } from '../bookings-repo';
import { checkoutDistance } from '../distance';
import { checkInspirationImageUrls } from '../inspiration-images';
import { nowMs, toPbDate } from '../clock';
import { apiError, appOrigin, badRequest, readJsonObject } from '../http';
import { paymentMode } from '../payments/mode';
import { createCheckoutSession, type StripeCheckoutSession } from '../payments/stripe';
import { loadCrews, loadDateContext } from '../settings';

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

export function createBookingCheckoutRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const parsed = parseBookingRequest('bookingData' in body ? body.bookingData : body);
  if (!parsed.ok) throw badRequest(parsed.message);
  const r = parsed.value;
  const visits = checkVisits(r);
  const imageProblem = checkInspirationImageUrls($app, r.styleInspirationImages, appOrigin(e));
  if (imageProblem) throw badRequest(imageProblem);
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
  let conflict: 'install' | 'removal' | null = null;
  let bookingId = '';

  $app.runInTransaction((tx) => {
    const existing = bookingsOnDates(tx, [r.installDate, r.removalDate ?? '']);
    if (slotHasConflict(r.installDate, visits.install, existing, now, crews)) {
      conflict = 'install';
      return;
    }
    if (visits.removal && r.removalDate && slotHasConflict(r.removalDate, visits.removal, existing, now, crews)) {
      conflict = 'removal';
      return;
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
      style_inspiration_images: r.styleInspirationImages,
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
    });
    tx.save(rec);
    bookingId = rec.id;
  });

  if (conflict) {
    const which = conflict === 'install' ? 'installation' : 'removal';
    throw apiError(409, `That ${which} time slot was just booked by someone else. Please choose another slot.`);
  }
  const origin = appOrigin(e);
  if (mode === 'demo') {
    return e.json(200, { url: `${origin}/demo-payment?session_id=${encodeURIComponent(demoSessionId)}`, sessionId: demoSessionId, bookingId });
  }

  // Stripe is called outside the transaction; if it fails, the hold is released at once.
  const pkg = findPackage(r.packageType)!;
  let session: StripeCheckoutSession | null = null;
  try {
    session = createCheckoutSession({
      bookingId,
      depositCents: q.depositCents,
      customerEmail: r.customerEmail,
      description: `${pkg.title}, ${TREE_SIZE_INFO[r.treeSize].label}: 50% deposit`,
      successUrl: `${origin}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/booking-cancel`,
      expiresAtSec: Math.floor(holdUntil / 1000),
    });
  } catch (err) {
    console.error(`create-booking-checkout: ${String(err)}`);
  }
  const rec = $app.findRecordById('bookings', bookingId);
  if (!session?.id || !session.url) {
    rec.set('status', 'cancelled');
    $app.save(rec);
    throw apiError(502, MESSAGES.failedToCreateCheckout);
  }
  rec.set('checkout_session_id', session.id);
  $app.save(rec);
  return e.json(200, { url: session.url, sessionId: session.id, bookingId });
}
