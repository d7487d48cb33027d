import { useSearchParams } from 'react-router-dom';
import { useWizard } from '@/features/booking/store';
import { BookingSuccessPage } from '@/features/payment/booking-success-page';
import { recordEvent } from '@/lib/analytics';
import { usePageMeta } from '@/lib/page-meta';

/**
 * docs/product.md §4 Payment result: a confirmed payment records a conversion for /booking/success,
 * and the wizard of this tab starts fresh (a tab opened for the payment carries a copy of the
 * wizard, which would otherwise offer the paid booking again).
 */
function onConfirmed(sessionId: string) {
  void recordEvent('conversion', '/booking/success', { converted: true, metadata: { session_id: sessionId } });
  useWizard.getState().reset();
}

export function Component() {
  const [params] = useSearchParams();
  usePageMeta('Booking confirmation');
  return <BookingSuccessPage sessionId={params.get('session_id')} onConfirmed={onConfirmed} />;
}
