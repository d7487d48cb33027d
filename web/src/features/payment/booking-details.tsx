import { formatLongDate } from '@domain/schedule/calendar';
import { formatCents } from '@domain/money/cents';
import { formatSlotRange } from '@domain/schedule/slots';
import type { BookingSummary } from './api/verify-payment';

/** The booked package, visits and amounts, as shown on the payment pages. */
export function BookingDetails({ booking }: { booking: BookingSummary }) {
  return (
    <dl className="review-list card payment-details">
      <div>
        <dt>Package</dt>
        <dd>
          {booking.packageTitle} · {booking.treeSize}
        </dd>
      </div>
      <div>
        <dt>Installation</dt>
        <dd>
          {formatLongDate(booking.installDate)}, {formatSlotRange(booking.installTimeSlot)}
        </dd>
      </div>
      {booking.removalDate && booking.removalTimeSlot && (
        <div>
          <dt>Removal</dt>
          <dd>
            {formatLongDate(booking.removalDate)}, {formatSlotRange(booking.removalTimeSlot)}
          </dd>
        </div>
      )}
      <div>
        <dt>Total</dt>
        <dd>{formatCents(booking.totalCents)}</dd>
      </div>
      <div>
        <dt>Deposit (50%)</dt>
        <dd data-testid="deposit-amount">{formatCents(booking.depositCents)}</dd>
      </div>
      <div>
        <dt>Balance on install day</dt>
        <dd>{formatCents(booking.balanceCents)}</dd>
      </div>
    </dl>
  );
}
