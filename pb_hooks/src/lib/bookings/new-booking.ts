/**
 * A new booking from a checked request (domain/booking/schemas.ts BookingRequest), shared by the
 * website's checkout (booking-checkout-route.ts) and the owner's phone booking
 * (phone-booking-route.ts, docs/decisions/037): the visits checked against the season, the
 * record's fields priced on the server, the overlap check inside the caller's transaction, and
 * the deposit's Checkout page.
 */
import { parseTimestamp } from '@domain/schedule/calendar';
import { TREE_SIZE_INFO, findPackage } from '@domain/catalog';
import { MESSAGES } from '@domain/messages';
import { slotHasConflict } from '@domain/schedule/overlap';
import { chargeable, NOT_CHARGEABLE, quote, type PriceQuote } from '@domain/money/pricing';
import { toChoices, type BookingRequest } from '@domain/booking/schemas';
import { installDateProblem, removalDateProblem } from '@domain/schedule/season';
import { findSlot, type TimeSlot } from '@domain/schedule/slots';
import { checkoutSessionCommand, type CheckoutSessionAnswer, type CheckoutSessionInput, type CheckoutSessionState } from '@domain/commands/checkout-session-command';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { apiError, badRequest, type Refusal } from '../http';
import { logError } from '../log';
import { paymentBookingRow } from '../payments/settle-payment';
import { createCheckoutSession, type StripeCheckoutSession } from '../payments/stripe';
import { nowMs, today } from '../clock';
import { startedRefusal, visitStarted } from '@domain/schedule/notice';
import { loadBookingSeasonRecord, loadDateContext } from '../settings';
import { bookingsOnDates, findBooking } from '../booking-store/bookings-repo';
import { checkoutDistance } from './distance';
import { checkInspirationImageUrls } from './inspiration-images';
import { BookingStatus } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';

export interface Visits {
  install: TimeSlot;
  removal: TimeSlot | null;
}

/** Who books: the owner from the admin may book today's times not yet started (docs/decisions/059); a customer from tomorrow. */
export interface BookedBy {
  owner: boolean;
}

/**
 * The visits of request `r`, checked against the season, work days, blocked dates and closing
 * hours; for the owner (`by.owner`) today's times not yet started too. Throws 400 with the
 * sentence otherwise.
 */
function checkVisits(r: BookingRequest, by: BookedBy): Visits {
  const ctx = { ...loadDateContext($app), sameDay: by.owner };
  const now = nowMs();
  const installProblem = installDateProblem(r.installDate, ctx);
  if (installProblem) throw badRequest(installProblem);
  const install = findSlot(r.treeSize, r.installDate, 'install', r.installTimeSlot, ctx.season.closingHours);
  if (!install) throw badRequest('That installation time slot is not offered on this date. Please choose another slot.');
  if (visitStarted(r.installDate, install.startHour * 60, now)) throw badRequest(startedRefusal('installation'));
  if (!r.removalDate || !r.removalTimeSlot) return { install, removal: null };
  const removalProblem = removalDateProblem(r.removalDate, r.installDate, ctx);
  if (removalProblem) throw badRequest(removalProblem);
  const removal = findSlot(r.treeSize, r.removalDate, 'removal', r.removalTimeSlot, ctx.season.closingHours);
  if (!removal) throw badRequest('That removal time slot is not offered on this date. Please choose another slot.');
  if (visitStarted(r.removalDate, removal.startHour * 60, now)) throw badRequest(startedRefusal('removal'));
  return { install, removal };
}

/** A booking request as the server checked and priced it (checkAndPrice). */
export interface CheckedRequest {
  visits: Visits;
  /** The stored inspiration images' URLs. */
  imageUrls: string[];
  /** The server's own distance (miles), null when unknown. */
  distanceMiles: number | null;
  /** The server's price (cents). */
  q: PriceQuote;
}

/**
 * Request `r` checked and priced on the server, never from the client's figures: its visits
 * (checkVisits; `by.owner` for the owner's phone booking, which may book today), its inspiration images, the distance and the quote, with the early-bird cut of
 * the booking's season on today's date (domain/schedule/seasons.ts). Throws 400 with a
 * sentence; 500 (NOT_CHARGEABLE) for a price of $0 or less, which no rule should give, so no
 * $0 hold or Stripe session is ever made. May call an outside routing service: call it before
 * any transaction.
 */
export function checkAndPrice(r: BookingRequest, by: BookedBy = { owner: false }): CheckedRequest {
  const visits = checkVisits(r, by);
  const images = checkInspirationImageUrls($app, r.styleInspirationImages);
  if ('error' in images) throw badRequest(images.error);
  const distanceMiles = checkoutDistance(r.customerAddress);
  const earlyBird = loadBookingSeasonRecord($app, r.installDate)?.earlyBird ?? null;
  const q = quote(toChoices(r, distanceMiles), earlyBird ? { earlyBird, today: today() } : null);
  if (!chargeable(q)) {
    logError(`booking priced at ${q.totalCents} cents: refused`);
    throw apiError(500, NOT_CHARGEABLE);
  }
  return { visits, imageUrls: images.urls, distanceMiles, q };
}

/**
 * Inside transaction `tx`: the 409 refusal when another booking active at `now` (epoch ms)
 * holds the installation's or the removal's slot for `crews` crews, else null.
 */
export function visitConflict(tx: CoreApp, r: BookingRequest, visits: Visits, now: number, crews: number): Refusal | null {
  const existing = bookingsOnDates(tx, [r.installDate, r.removalDate ?? '']);
  const conflict = slotHasConflict(r.installDate, visits.install, existing, now, crews)
    ? 'installation'
    : visits.removal && r.removalDate && slotHasConflict(r.removalDate, visits.removal, existing, now, crews)
      ? 'removal'
      : null;
  return conflict ? { status: 409, message: `That ${conflict} time slot was just booked by someone else. Please choose another slot.` } : null;
}

/**
 * The `bookings` fields of request `r` as checkAndPrice checked it: who, what, when and the
 * price, with the whole total still to pay. The caller adds the payment mode, the hold and its
 * own keys (the state is pending payment).
 */
export function bookingFields(r: BookingRequest, { visits, q, imageUrls, distanceMiles }: CheckedRequest): Record<string, unknown> {
  return {
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
    style_inspiration_images: imageUrls,
    notes: r.notes,
    parking_instructions: r.parkingInstructions,
    distance_miles: distanceMiles ?? 0,
    travel_fee: q.travelFeeCents,
    ornament_ownership_cost: q.ornamentOwnershipCents,
    price_lines: q.lines,
    total_price: q.totalCents,
    deposit_amount: q.depositCents,
    // balance_remaining and payment_status are derived from the ledger where the booking is written (docs/decisions/061).
    status: BookingStatus.PendingPayment,
  };
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
      depositCents: bookingField(rec, 'deposit_amount'),
      customerEmail: rec.getString('customer_email'),
      description: `${pkg.title}, ${TREE_SIZE_INFO[size]?.label ?? size}: 50% deposit`,
      successUrl: `${origin}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/booking-cancel`,
      expiresAtSec: Math.floor(parseTimestamp(bookingField(rec, 'hold_expires_at')) / 1000),
    });
  } catch (err) {
    logError(`create-booking-checkout: ${String(err)}`);
    return null;
  }
}

/** The checkout-session command on the server (domain/commands/checkout-session-command.ts), run through `executeCommand`. */
export const checkoutSession: ServerCommand<CheckoutSessionInput, CheckoutSessionState, never, CheckoutSessionAnswer> = {
  command: checkoutSessionCommand,
  path: '/api/fn/create-booking-checkout',
  load(tx, input) {
    const rec = findBooking(tx, input.bookingId);
    return { booking: rec ? { ...paymentBookingRow(rec), checkout_url: rec.getString('checkout_url'), checkout_session_id: bookingField(rec, 'checkout_session_id') } : null };
  },
  respond: (_app, a) => a,
};

/**
 * The deposit's Checkout page of booking `bookingId` → { url, sessionId, bookingId }: the stored
 * one, or (Stripe mode, none stored yet) the session Stripe gives for the booking's idempotency
 * key, stored unless a concurrent request stored one first (the checkout-session command).
 * Throws 502 when no session can be had (the booking is then let go: `checkout_failed`). Calls
 * Stripe: never inside a transaction.
 */
export function checkoutLink(bookingId: string, origin: string): { url: string; sessionId: string; bookingId: string } {
  const rec = $app.findRecordById('bookings', bookingId);
  if (rec.getString('checkout_url')) return { url: rec.getString('checkout_url'), sessionId: bookingField(rec, 'checkout_session_id'), bookingId };
  if (bookingField(rec, 'cancel_reason') === 'checkout_failed' || bookingField(rec, 'payment_mode') !== 'stripe') {
    throw apiError(502, MESSAGES.failedToCreateCheckout);
  }
  const session = stripeSessionFor(rec, origin);
  const input = session?.id && session.url ? { bookingId, sessionId: session.id, url: session.url } : { bookingId, sessionId: '', url: '' };
  const run = executeCommand($app, checkoutSession, input, { staffId: '', origin, fingerprint: '' });
  const answer = run.kind === 'answered' ? (run.body as CheckoutSessionAnswer) : null;
  if (!answer?.url) throw apiError(502, MESSAGES.failedToCreateCheckout);
  return answer;
}
