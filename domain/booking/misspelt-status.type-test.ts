/**
 * A type-level test, never imported (docs/architecture.md "One typed booking"): a misspelt
 * status does not compile on domain/'s typed rows. Each line below assigns a misspelling to a
 * row's status field under `@ts-expect-error`; both type-checks include domain/
 * (`tsc -p tsconfig.json`, `tsc -p pb_hooks/tsconfig.json`), so were a field a plain `string`
 * again, its directive would be unused and the type-check would fail.
 */
import type { ConsultationSchedule } from '../schedule/schedule';
import type { BookingSchedule } from '../schedule/overlap';
import type { ChargeMoneyRow, ChargeRefundRow } from '../money/ledger';
import type { WaitingEntry } from '../waitlist/waitlist';
import type { BookingRow } from './booking-row';
import type { ChargeRow } from '../money/charge-row';
import type { ConsultationRow } from '../consultations/consultation-row';
import type { WaitlistEntryRow, WaitlistOfferRow } from '../waitlist/waitlist-row';
import type { DoneMarkBooking } from './job-events';
import type { SelfServiceBooking } from './self-service';

// @ts-expect-error 'canceled' is not a booking status (the lifecycle spells it 'cancelled')
const bookingStatus: BookingRow['status'] = 'canceled';
// @ts-expect-error 'deposit-paid' is not a payment status ('deposit_paid')
const paymentStatus: BookingRow['payment_status'] = 'deposit-paid';
// @ts-expect-error 'canceled' is not a booking status
const scheduleStatus: BookingSchedule['status'] = 'canceled';
// @ts-expect-error 'complete' is not a booking status ('completed')
const selfServiceStatus: SelfServiceBooking['status'] = 'complete';
// @ts-expect-error 'canceled' is not a booking status
const doneMarkStatus: DoneMarkBooking['status'] = 'canceled';
// @ts-expect-error 'succeded' is not a charge status ('succeeded')
const chargeStatus: ChargeMoneyRow['status'] = 'succeded';
// @ts-expect-error 'refunded' is not a refund status ('succeeded', 'returned', …)
const refundStatus: ChargeRefundRow['status'] = 'refunded';
// @ts-expect-error 'canceled' is not a consultation status
const consultationStatus: ConsultationSchedule['status'] = 'canceled';
// @ts-expect-error 'wating' is not a waitlist entry status ('waiting')
const waitlistStatus: WaitingEntry['status'] = 'wating';

// @ts-expect-error 'succeded' is not a charge status ('succeeded')
const chargeRowStatus: ChargeRow['status'] = 'succeded';
// @ts-expect-error 'to-return' is not a refund status ('to_return')
const chargeRowRefund: ChargeRow['refund_status'] = 'to-return';
// @ts-expect-error 'canceled' is not a consultation status ('cancelled')
const consultationRowStatus: ConsultationRow['status'] = 'canceled';
// @ts-expect-error 'wating' is not a waitlist entry status ('waiting')
const entryRowStatus: WaitlistEntryRow['status'] = 'wating';
// @ts-expect-error 'accept' is not an offer status ('accepted')
const offerRowStatus: WaitlistOfferRow['status'] = 'accept';

export const MISSPELT_STATUSES = [
  bookingStatus,
  paymentStatus,
  scheduleStatus,
  selfServiceStatus,
  doneMarkStatus,
  chargeStatus,
  refundStatus,
  consultationStatus,
  waitlistStatus,
  chargeRowStatus,
  chargeRowRefund,
  consultationRowStatus,
  entryRowStatus,
  offerRowStatus,
];
