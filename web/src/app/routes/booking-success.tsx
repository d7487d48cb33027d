import { useSearchParams } from 'react-router-dom';
import { useWizard } from '@/features/booking/store';
import { BookingSuccessPage } from '@/features/payment/booking-success-page';
import { usePageMeta } from '@/lib/page-meta';

/**
 * docs/product.md §4 Payment result: the wizard of this tab starts fresh once the payment is
 * confirmed (a tab opened for the payment carries a copy of the wizard, which would otherwise
 * offer the paid booking again). The conversion is recorded by the server when it confirms the
 * deposit, not here (docs/decisions/039).
 */
function onConfirmed() {
  useWizard.getState().reset();
}

export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Booking confirmation');
  return <BookingSuccessPage sessionId={params.get('session_id')} onConfirmed={onConfirmed} />;
}
