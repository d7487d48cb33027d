/**
 * The rules of a balance and damages charge (docs/product.md §5 Admin, §7 charge-booking-balance, §9
 * Damages; docs/decisions/015; docs/architecture.md reading 12; docs/decisions/013): what a request may ask, what a
 * booking in a given state may be charged, the amount (computed here, never taken from the
 * client), and the answer a stored charge gives. Pure: the hooks read the records and call in.
 */
import { findPackage, type TreeSize } from '../catalog';
import { DAMAGE_MESSAGES, addonCentsOf, parseDamageSelection, priceDamages, type DamageLine, type DamageSelection } from './damages';
import { normalizeText } from '../text';
import { BookingStatus, isPaid, isRefunded, NO_SUCH_BOOKING } from '../booking/lifecycle';
import type { BookingRow } from '../booking/booking-row';
import { ChargeStatus } from './charge-lifecycle';
import type { ChargeFields } from './charge-row';

/** docs/product.md §7: the description when the admin gives none. */
export const DEFAULT_CHARGE_DESCRIPTION = 'Post-removal damages and incidentals';
/** The `charges.description` field's limit. */
export const MAX_CHARGE_DESCRIPTION = 500;

export const CHARGE_MESSAGES = {
  /** docs/product.md §8, quoted exactly. */
  failed: 'Failed to charge card',
  bookingMissing: 'Please choose the booking to charge.',
  notFound: NO_SUCH_BOOKING,
  keyMissing: 'This request needs an Idempotency-Key header, so that a retry can never charge twice.',
  descriptionTooLong: `The charge description must be at most ${MAX_CHARGE_DESCRIPTION} characters.`,
  cancelled: 'This booking was cancelled, so it cannot be charged.',
  conflict: "This booking's deposit was refunded after a slot conflict, so it cannot be charged.",
  depositUnpaid: "This booking's deposit has not been paid yet, so it cannot be charged.",
  nothingLeft: 'This booking has nothing left to pay.',
  /** Damages alone (the balance paid) before either visit was done: they are found at a visit (docs/product.md §5 Admin). */
  damagesBeforeVisit: 'Damages can be charged once a visit is done.',
  damagesNotEligible: 'Damages can only be charged for bookings decorated with our ornaments: Elevated Arbor, Curated Christmas, or Adorned Arrangement with the Luxe Finish or an ornament add-on.',
  otherInFlight: 'Another charge for this booking is still being processed. Please wait a moment, then check the booking again.',
  linkOpen: 'A payment link for this booking is already waiting for the customer. It must be paid or expire before a new charge.',
  stillProcessing: 'This charge is still being processed. Please retry in a moment.',
  unreachable: 'The payment service could not be reached. Please retry in a moment: the card will not be charged twice.',
  linkExpired: 'The payment link expired before the customer paid it.',
  /** A charge the bank has accepted but not yet confirmed (a bank debit, a slow method). */
  processing: 'The payment is processing: the bank has not confirmed it yet. The balance stays due until it does.',
  otherProcessing: 'A payment for this booking is still processing at the bank. Please wait until it succeeds or fails.',
  /** A charge whose request died before Stripe's answer was stored, and Stripe has nothing. */
  interrupted: 'The charge was interrupted before it reached the bank, so nothing was charged. Please charge again.',
  /** A booking cannot be deleted while one of its payments may still take money. */
  deleteInFlight: 'A payment for this booking is still in progress.',
} as const;

/**
 * Charge states in which money may still move: a request is with Stripe (`pending`), the bank
 * has not confirmed (`processing`), or a payment link is open (`requires_checkout`). A booking
 * with one cannot be charged again, cancelled or deleted.
 */
export const OPEN_CHARGE_STATUSES = [ChargeStatus.Pending, ChargeStatus.Processing, ChargeStatus.RequiresCheckout] as const satisfies readonly ChargeStatus[];

/** The sentence when a card payment is going through and a change must wait for it (docs/decisions/045). */
export const PAYMENT_GOING_THROUGH = 'A card payment for this booking is going through right now. Please wait a few minutes for it to finish, then try again, or call us.';

/**
 * The booking fields the charge rules read (a PocketBase `bookings` record as JSON), with
 * `balance_remaining` the booking's balance as its ledger derives it from its rows
 * (booking-money.ts `balanceOf`, docs/decisions/045): the server's chargeableOf and the admin's
 * damages dialog fill it so, never from the stored field, so both name the same amount.
 */
export type ChargeableBooking = Pick<
  BookingRow,
  'package_type' | 'tree_size' | 'luxe_finish' | 'selected_addons' | 'status' | 'payment_status' | 'balance_remaining' | 'install_done_at' | 'removal_done_at'
>;

/** The add-ons whose ornaments make an Adorned Arrangement use our inventory (docs/product.md §5). */
const ORNAMENT_ADDONS = ['ornament-boost', 'luxe-ornament-boost', 'monogram-charms'];

/**
 * docs/product.md §5 Admin: damages apply to Elevated Arbor and Curated Christmas (or their legacy
 * names), and to an Adorned Arrangement (or legacy designer) with the Luxe Finish or with an
 * ornament-boost, luxe-ornament-boost or monogram-charms add-on: the bookings decorated with
 * the business's own inventory.
 */
export function damagesEligible(b: Pick<ChargeableBooking, 'package_type' | 'luxe_finish' | 'selected_addons'>): boolean {
  const pkg = findPackage(b.package_type);
  if (!pkg) return false;
  if (pkg.slug !== 'adorned-arrangement') return true;
  if (b.luxe_finish) return true;
  return Array.isArray(b.selected_addons) && b.selected_addons.some((a: { id?: unknown }) => ORNAMENT_ADDONS.includes(String(a?.id)));
}

/**
 * Why booking `b` cannot be charged at all, or null: a cancelled or refunded booking never is,
 * and a booking whose deposit is unpaid has no saved card and no confirmed visit yet.
 */
export function chargeBlocker(b: Pick<ChargeableBooking, 'status' | 'payment_status'>): string | null {
  if (b.status === BookingStatus.PaymentConflict || isRefunded(b)) return CHARGE_MESSAGES.conflict;
  if (b.status === BookingStatus.Cancelled) return CHARGE_MESSAGES.cancelled;
  if (!isPaid(b)) return CHARGE_MESSAGES.depositUnpaid;
  return null;
}

/** A checked `charge-booking-balance` body. */
export interface ChargeRequest {
  bookingId: string;
  /** null: no damages (the balance only). */
  selection: DamageSelection | null;
  description: string;
}

export type ParsedChargeRequest = { ok: true; value: ChargeRequest } | { ok: false; message: string };

/**
 * Checks the body `{ bookingId, additionalCharges, chargeDescription }`. `additionalCharges` is
 * a damage selection (domain/money/damages.ts) or absent/null; an amount in its place is refused,
 * since the server prices damages itself. The description is normalised free text
 * (docs/decisions/011), DEFAULT_CHARGE_DESCRIPTION when blank.
 */
export function parseChargeRequest(body: Record<string, unknown>): ParsedChargeRequest {
  const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
  if (!/^[a-z0-9]{15}$/.test(bookingId)) return { ok: false, message: CHARGE_MESSAGES.bookingMissing };
  let selection: DamageSelection | null = null;
  if (body.additionalCharges !== undefined && body.additionalCharges !== null) {
    const parsed = parseDamageSelection(body.additionalCharges);
    if (!parsed.ok) return parsed;
    selection = parsed.value;
  }
  const rawDescription = body.chargeDescription;
  if (rawDescription !== undefined && rawDescription !== null && typeof rawDescription !== 'string') {
    return { ok: false, message: CHARGE_MESSAGES.descriptionTooLong };
  }
  const description = normalizeText(rawDescription ?? '', 'line') || DEFAULT_CHARGE_DESCRIPTION;
  if (description.length > MAX_CHARGE_DESCRIPTION) return { ok: false, message: CHARGE_MESSAGES.descriptionTooLong };
  return { ok: true, value: { bookingId, selection, description } };
}

/**
 * The canonical text of a request, hashed into `charges.request_fingerprint`: the same
 * Idempotency-Key with another fingerprint is a different request (422). Equal requests give
 * equal text whatever the key order or zero quantities the client sent.
 */
export function chargeFingerprintSource(r: ChargeRequest): string {
  const s = r.selection;
  const items = s ? [s.items.small ?? 0, s.items.fixtures ?? 0, s.items.textiles ?? 0] : null;
  return JSON.stringify([r.bookingId, s ? [items, s.incidentals, s.totalLoss] : null, r.description]);
}

/** 'removal': the optional removal the customer added after booking (docs/decisions/029). */
export type ChargeKind = 'balance' | 'damages' | 'balance_and_damages' | 'removal';

export type ChargePlan = { ok: true; balanceCents: number; damagesCents: number; totalCents: number; kind: ChargeKind; lines: DamageLine[] } | { ok: false; status: 400 | 409; message: string };

/**
 * What booking `b` is charged for `selection` (null: no damages), in cents: its remaining
 * balance plus the damages priced from the selection and the booking's own inventory.
 * Refusals: 409 for a booking that cannot be charged (chargeBlocker), damages on a booking
 * that is not eligible, damages alone (nothing left of the balance) before either visit was
 * done (docs/product.md §5 Admin: damages are found at a visit; with the balance they may be
 * charged any time), or nothing left to pay without damages; 400 with docs/product.md's
 * 'Please select at least one damage item to charge' when a damage selection was sent, prices
 * to nothing, and there is no balance to charge with it.
 */
export function planCharge(b: ChargeableBooking, selection: DamageSelection | null): ChargePlan {
  const blocker = chargeBlocker(b);
  if (blocker) return { ok: false, status: 409, message: blocker };
  // tree_size is a required select of the three sizes (pb_migrations/1732000001).
  const priced = selection ? priceDamages(selection, { treeSize: b.tree_size as TreeSize, luxeFinish: !!b.luxe_finish, addonCents: addonCentsOf(b.selected_addons) }) : { lines: [], totalCents: 0 };
  if (priced.totalCents > 0 && !damagesEligible(b)) return { ok: false, status: 409, message: CHARGE_MESSAGES.damagesNotEligible };
  const balanceCents = Math.max(0, Math.round(b.balance_remaining || 0));
  const totalCents = balanceCents + priced.totalCents;
  if (totalCents === 0) {
    return selection ? { ok: false, status: 400, message: DAMAGE_MESSAGES.selectItem } : { ok: false, status: 409, message: CHARGE_MESSAGES.nothingLeft };
  }
  const kind: ChargeKind = priced.totalCents === 0 ? 'balance' : balanceCents === 0 ? 'damages' : 'balance_and_damages';
  if (kind === 'damages' && !b.install_done_at && !b.removal_done_at) return { ok: false, status: 409, message: CHARGE_MESSAGES.damagesBeforeVisit };
  return { ok: true, balanceCents, damagesCents: priced.totalCents, totalCents, kind, lines: priced.lines };
}

/** What the customer's statement and the Checkout page call a charge of `kind`. */
export function chargeTitle(kind: ChargeKind, description: string): string {
  if (kind === 'balance') return 'Remaining balance';
  if (kind === 'removal') return 'Removal service';
  return kind === 'damages' ? `Damages: ${description}` : `Remaining balance and damages: ${description}`;
}

/** docs/product.md §7's answer of charge-booking-balance (amounts in cents). */
export interface ChargeAnswer {
  success: boolean;
  error: string | null;
  requiresCheckout: boolean;
  checkoutUrl: string | null;
  amountCharged: number;
}

/** The stored charge fields its answer is made of (a `charges` record as JSON). */
export type StoredCharge = ChargeFields<'status' | 'amount' | 'checkout_url' | 'error'>;

/**
 * The answer of a stored charge, the same for the first request and every replay (docs/architecture.md
 * decision 12), or null while it is `pending`. A charge that needed a Checkout link answers
 * with that link even after the customer paid it, because that was its first answer.
 */
export function chargeAnswer(c: StoredCharge): ChargeAnswer | null {
  if (c.status === ChargeStatus.Pending) return null;
  if (c.status === ChargeStatus.Processing) return { success: false, error: CHARGE_MESSAGES.processing, requiresCheckout: false, checkoutUrl: null, amountCharged: 0 };
  if (c.checkout_url) return { success: false, error: null, requiresCheckout: true, checkoutUrl: c.checkout_url, amountCharged: 0 };
  if (c.status === ChargeStatus.Succeeded) return { success: true, error: null, requiresCheckout: false, checkoutUrl: null, amountCharged: c.amount };
  return { success: false, error: c.error || CHARGE_MESSAGES.failed, requiresCheckout: false, checkoutUrl: null, amountCharged: 0 };
}
