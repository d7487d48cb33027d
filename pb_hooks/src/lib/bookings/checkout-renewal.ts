/**
 * A renewal link used by the checkout (docs/decisions/058; the link's routes are
 * customers/renewal-link-route.ts): the `renewals` row a token opens, whether the checkout may
 * use it, and the booking made with it recorded. In bookings/ because the checkout uses them and
 * customers/ sits above bookings/ (docs/architecture.md "Layers").
 */
import type { Refusal } from '@domain/commands/command';
import { renewalCheckoutRefusal, type RenewalUse } from '@domain/customers/renewals';
import { parseTimestamp } from '@domain/schedule/calendar';
import { seasonYearOfDate } from '@domain/schedule/seasons';
import { asBookingStatus } from '@domain/booking/lifecycle';
import { tokenHashOf } from '../booking-store/manage-links';
import { TOKEN_SHAPE } from './renewal-tokens';
import { bookingField } from '../booking-row';

/** The `renewals` row `token` opens, or null (malformed, unknown): found by its hash, compared again in constant time. */
export function renewalForToken(app: CoreApp, token: unknown): core.Record | null {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const hash = tokenHashOf(token);
  const row = app.findRecordsByFilter('renewals', 'token_hash = {:h}', '', 1, 0, { h: hash } as unknown as dbx.Params)[0] ?? null;
  return row && $security.equal(row.getString('token_hash'), hash) ? row : null;
}

/**
 * The renewal row a checkout's `renewalToken` names for an installation on `installDate`, or
 * null (no token, malformed, unknown, or of another season). Whether the checkout may use it is
 * `useRenewal`'s, in the checkout's transaction.
 */
export function renewalForCheckout(app: CoreApp, token: unknown, installDate: string): core.Record | null {
  const row = renewalForToken(app, token);
  return row && /^\d{4}-\d{2}-\d{2}$/.test(installDate) && row.getInt('season') === seasonYearOfDate(installDate) ? row : null;
}

/**
 * In the checkout's transaction `tx`: the renewal `renewalId` read again and judged for a
 * checkout by `email` from wizard `wizardId` at `nowMs` (renewals.ts renewalCheckoutRefusal):
 * the refusal (403 another customer's link, 409 already used), or null when it may book.
 */
export function useRenewal(tx: CoreApp, renewalId: string, checkout: { email: string; wizardId: string }, nowMs: number): Refusal | null {
  const row = tx.findRecordById('renewals', renewalId);
  let madeBooking: RenewalUse['madeBooking'] = null;
  const usedBy = row.getString('used_by');
  if (usedBy) {
    try {
      const b = tx.findRecordById('bookings', usedBy);
      const hold = bookingField(b, 'hold_expires_at');
      madeBooking = {
        id: b.id,
        customer_email: b.getString('customer_email'),
        status: asBookingStatus(b.getString('status')),
        deposit_paid_at: bookingField(b, 'deposit_paid_at'),
        install_date: bookingField(b, 'install_date'),
        install_time_slot: bookingField(b, 'install_time_slot'),
        removal_date: bookingField(b, 'removal_date'),
        removal_time_slot: bookingField(b, 'removal_time_slot'),
        tree_size: b.getString('tree_size'),
        holdExpiresAtMs: hold ? parseTimestamp(hold) : NaN,
        wizard_id: b.getString('wizard_id'),
      };
    } catch {
      madeBooking = null; // deleted since: nothing booked with it
    }
  }
  return renewalCheckoutRefusal({ emailKey: row.getString('email_key'), madeBooking }, checkout, nowMs);
}

/** In the checkout's transaction `tx`: records booking `bookingId` as made with renewal `renewalId`. */
export function markRenewalUsed(tx: CoreApp, renewalId: string, bookingId: string): void {
  const row = tx.findRecordById('renewals', renewalId);
  row.set('used_by', bookingId);
  tx.save(row);
}
