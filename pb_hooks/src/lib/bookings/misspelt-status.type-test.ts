/**
 * A type-level test, never imported nor bundled (docs/architecture.md "One typed booking"): a
 * misspelt status does not compile on the server's typed rows, read from records by
 * bookingRowOf, chargeRowOf, consultationRowOf, the waitlist's mappers and the hooks'
 * loaders. `tsc -p pb_hooks/tsconfig.json` checks it: were a field a plain `string` again, its
 * `@ts-expect-error` would be unused and the type-check would fail.
 */
import type { JobEventState } from '@domain/commands/job-event-command';
import type { lifecycleOfRecord } from '../booking-store/bookings-repo';
import type { bookingRowOf } from '../booking-row';
import type { chargeRowOf } from '../charge-row';
import type { consultationRowOf } from '../consultation-row';
import type { waitlistEntryRowOf, waitlistOfferRowOf } from '../waitlist-row';

type ServerBooking = ReturnType<typeof bookingRowOf>;

// @ts-expect-error 'canceled' is not a booking status (the lifecycle spells it 'cancelled')
const rowStatus: ServerBooking['status'] = 'canceled';
// @ts-expect-error 'refund-pending' is not a payment status ('refund_pending')
const rowPaymentStatus: ServerBooking['payment_status'] = 'refund-pending';
// @ts-expect-error 'owner-cancelled' is not a cancel reason ('owner_cancelled')
const rowCancelReason: ServerBooking['cancel_reason'] = 'owner-cancelled';
// @ts-expect-error 'canceled' is not a booking status
const lifecycleStatus: ReturnType<typeof lifecycleOfRecord>['status'] = 'canceled';
// @ts-expect-error 'canceled' is not a booking status
const doneMarkStatus: NonNullable<JobEventState['booking']>['status'] = 'canceled';

// @ts-expect-error 'succeded' is not a charge status ('succeeded')
const chargeStatus: ReturnType<typeof chargeRowOf>['status'] = 'succeded';
// @ts-expect-error 'refunded' is not a refund status ('succeeded', 'returned', …)
const chargeRefund: ReturnType<typeof chargeRowOf>['refund_status'] = 'refunded';
// @ts-expect-error 'canceled' is not a consultation status ('cancelled')
const consultationStatus: ReturnType<typeof consultationRowOf>['status'] = 'canceled';
// @ts-expect-error 'wating' is not a waitlist entry status ('waiting')
const entryStatus: ReturnType<typeof waitlistEntryRowOf>['status'] = 'wating';
// @ts-expect-error 'accept' is not an offer status ('accepted')
const offerStatus: ReturnType<typeof waitlistOfferRowOf>['status'] = 'accept';

export const MISSPELT_SERVER_STATUSES = [rowStatus, rowPaymentStatus, rowCancelReason, lifecycleStatus, doneMarkStatus, chargeStatus, chargeRefund, consultationStatus, entryStatus, offerStatus];
