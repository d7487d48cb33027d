import { formatLongDate } from '@domain/schedule/calendar';
import { formatCents } from '@domain/money/cents';
import { formatSlotRange } from '@domain/schedule/slots';
import type { BookingSummary } from './api/verify-payment';
import { Fact } from '@/components/ui/fact';

/** The booking's package and size and its visits (the removal's when one is booked), as rows of a `<dl>`. */
export function VisitFacts({ booking }: { booking: BookingSummary }) {
  return (
    <>
      <Fact label="Package">
        {booking.packageTitle} · {booking.treeSize}
      </Fact>
      <Fact label="Installation">
        {formatLongDate(booking.installDate)}, {formatSlotRange(booking.installTimeSlot)}
      </Fact>
      {booking.removalDate && booking.removalTimeSlot && (
        <Fact label="Removal">
          {formatLongDate(booking.removalDate)}, {formatSlotRange(booking.removalTimeSlot)}
        </Fact>
      )}
    </>
  );
}

/** The booked package, visits and amounts, as shown on the payment pages. */
export function BookingDetails({ booking }: { booking: BookingSummary }) {
  return (
    <dl className="review-list card payment-details">
      <VisitFacts booking={booking} />
      <Fact label="Total">{formatCents(booking.totalCents)}</Fact>
      <div>
        <dt>Deposit (50%)</dt>
        <dd data-testid="deposit-amount">{formatCents(booking.depositCents)}</dd>
      </div>
      <Fact label="Balance on install day">{formatCents(booking.balanceCents)}</Fact>
    </dl>
  );
}
