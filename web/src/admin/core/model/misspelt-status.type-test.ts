/**
 * A type-level test, never imported (docs/architecture.md "One typed booking"): a misspelt
 * status does not compile on the admin's mirrored rows, typed by the lifecycle's unions.
 * `tsc -p tsconfig.json` checks it: were a field a plain `string` again, its
 * `@ts-expect-error` would be unused and the type-check would fail.
 */
import type { AdminBooking, AdminCharge, AdminConsultation, AdminWaitlistEntry, AdminWaitlistOffer } from './records';

// @ts-expect-error 'canceled' is not a booking status (the lifecycle spells it 'cancelled')
const bookingStatus: AdminBooking['status'] = 'canceled';
// @ts-expect-error 'paid-in-full' is not a payment status ('paid')
const paymentStatus: AdminBooking['payment_status'] = 'paid-in-full';
// @ts-expect-error 'canceled' is not a consultation status
const consultationStatus: AdminConsultation['status'] = 'canceled';
// @ts-expect-error 'succeded' is not a charge status ('succeeded')
const chargeStatus: AdminCharge['status'] = 'succeded';
// @ts-expect-error 'wating' is not a waitlist entry status ('waiting')
const entryStatus: AdminWaitlistEntry['status'] = 'wating';
// @ts-expect-error 'accept' is not an offer status ('accepted')
const offerStatus: AdminWaitlistOffer['status'] = 'accept';

export const MISSPELT_ADMIN_STATUSES = [bookingStatus, paymentStatus, consultationStatus, chargeStatus, entryStatus, offerStatus];
