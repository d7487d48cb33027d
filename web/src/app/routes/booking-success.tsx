import { useSearchParams } from '@/lib/router';
import { BookingSuccessPage } from '@/features/payment/booking-success-page';
import { logError } from '@/lib/log';
import { usePageMeta } from '@/lib/page-meta';

/**
 * docs/product.md §4 Payment result: the wizard of this tab starts fresh once the payment is
 * confirmed (a tab opened for the payment carries a copy of the wizard, which would otherwise
 * offer the paid booking again). The conversion is recorded by the server when it confirms the
 * deposit, not here (docs/decisions/039).
 */
function onConfirmed() {
  // The wizard's store loads here, not with the page (docs/architecture.md "What a page loads").
  import('@/features/booking/store').then(
    ({ useWizard }) => useWizard.getState().reset(),
    (error: unknown) => logError('The booking wizard could not be reset', error),
  );
}

export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Booking confirmation');
  return <BookingSuccessPage sessionId={params.get('session_id')} onConfirmed={onConfirmed} />;
}
