/**
 * A type-level test, never imported nor bundled (docs/architecture.md "One typed booking"): a
 * misspelt status does not compile on the server's typed rows, read from records by
 * bookingRowOf and the hooks' loaders. `tsc -p pb_hooks/tsconfig.json` checks it: were a field a
 * plain `string` again, its `@ts-expect-error` would be unused and the type-check would fail.
 */
import type { JobEventState } from '@domain/commands/job-event-command';
import type { lifecycleOfRecord } from '../booking-store/bookings-repo';
import type { bookingRowOf } from '../booking-row';

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

export const MISSPELT_SERVER_STATUSES = [rowStatus, rowPaymentStatus, rowCancelReason, lifecycleStatus, doneMarkStatus];
