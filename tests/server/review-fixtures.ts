/**
 * Shared pieces of the consultation and review scenario tests: an admin staff client (by
 * superuser impersonation, since logins are rate-limited), route calls with a bearer token, and
 * consultation and review payloads to vary.
 */
import type PocketBase from 'pocketbase';
import { callFnAs, superuser } from './support';

/** A staff record with role admin (or none) and an SDK client carrying its token. */
export async function staffClient(role: 'admin' | '' = 'admin'): Promise<PocketBase> {
  const su = superuser();
  const email = `${role || 'member'}-${Math.random().toString(36).slice(2, 10)}@test.local`;
  const rec = await su.collection('staff').create({ email, password: 'staff-pass-123', passwordConfirm: 'staff-pass-123', role, name: 'Staff' });
  const client = await su.collection('staff').impersonate(rec.id, 3600);
  client.autoCancellation(false);
  return client;
}

/**
 * Asks for a review of a booking as `admin` (POST /api/fn/send-review-request, optionally for
 * `stage`) and returns the token of the e-mailed link and the placeholder testimonial's id.
 * Throws when the request is refused.
 */
export async function requestReviewToken(admin: PocketBase, bookingId: string, stage?: string): Promise<{ token: string; testimonialId: string }> {
  const res = await callFnAs(admin.authStore.token, 'POST', '/api/fn/send-review-request', stage ? { booking_id: bookingId, review_stage: stage } : { booking_id: bookingId });
  if (res.status !== 200) throw new Error(`send-review-request answered ${res.status}: ${JSON.stringify(res.body)}`);
  const token = new URL(res.body.reviewUrl).searchParams.get('token')!;
  return { token, testimonialId: res.body.testimonialId };
}

/** A valid consultation request for the frozen clock: Wednesday 2026-11-25 at 10:30. */
export function consultationRequest(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    date: '2026-11-25',
    timeSlot: '10:30',
    customerName: 'Holly Berry',
    customerEmail: 'holly@example.com',
    customerPhone: '(410) 555-0101',
    customerAddress: '42 Evergreen Lane, Ellicott City, MD 21043',
    notes: 'Two trees, one upstairs.',
    ...over,
  };
}

/** A review long enough to submit (exactly `length` characters). */
export function reviewText(length = 80): string {
  const base = 'The team transformed our living room and the tree looked magical all season long. ';
  // Ends with a full stop, never a space, so the trimmed length is exactly `length`.
  return `${base.repeat(Math.ceil(length / base.length)).slice(0, length - 1)}.`;
}

/**
 * Rowan Pine's confirmed demo booking (Curated Christmas 10–12 ft, installed 2026-11-24 and taken
 * down 2026-12-29, 9 AM–6 PM; $2,700 in all, the $1,350 deposit paid) as `bookings` fields, with
 * `email` as the customer's address: the booking the review-request mail tests ask a review of.
 */
export function reviewedBooking(email: string): Record<string, unknown> {
  return {
    customer_name: 'Rowan Pine',
    customer_email: email,
    customer_phone: '410 555 0123',
    customer_address: '7 Spruce Court, Columbia, MD',
    package_type: 'curated-christmas',
    tree_size: '10-12ft',
    install_date: '2026-11-24',
    install_time_slot: '9-18',
    removal_date: '2026-12-29',
    removal_time_slot: '9-18',
    total_price: 270000,
    deposit_amount: 135000,
    balance_remaining: 135000,
    payment_status: 'deposit_paid',
    status: 'confirmed',
    payment_mode: 'demo',
  };
}
